// A spoken message waiting in the outbox (recorded offline, or its send failed before the server
// answered): "Voice message" (or its corrected text) and the recording, played from this device.
import { Box, useT } from '@kasa/ui';
import type { OutboxItem, OutboxVoice } from '../../offline/outbox';
import { spokenMessageMessages } from './spoken-message-messages';
import { useObjectUrl } from './useObjectUrl';

export function WaitingVoice({ item, voice }: { item: OutboxItem; voice: OutboxVoice }) {
  const t = useT(spokenMessageMessages);
  const src = useObjectUrl(voice.recording?.audio);
  return (
    <>
      <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.message || t('voiceMessage')}
      </Box>
      {src && (
        <Box data-testid="message-voice" sx={{ mt: 1, maxWidth: '100%' }}>
          <Box
            component="audio"
            controls
            preload="none"
            src={src}
            aria-label={t('recording')}
            sx={{ display: 'block', height: 40, maxWidth: '100%' }}
          />
        </Box>
      )}
    </>
  );
}
