// The Quick AI Actions side panel (loaded on first use): four actions, each with a back button and
// its result below. Going back unmounts the action, which resets its inputs and result.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, ButtonBase, useMediaQuery, useT } from '@kasa/ui';
import { useOnline } from '../shared/hooks/useOnline';
import { messages } from '../messages';
import { DESKTOP_QUERY } from '../shared/chat-tools';
import { BackIcon, CloseIcon } from '../shared/ui/icons';
import { IconButton } from '../shared/ui/IconButton';
import { GenerateImageAction } from './GenerateImageAction';
import { TextToSpeechAction } from './TextToSpeechAction';
import { UploadAudioAction } from './UploadAudioAction';
import { VoiceRecordAction } from './VoiceRecordAction';

/** `offline`: what it does without a network ('queues': waits in the media outbox). */
const ACTIONS = {
  image: { label: 'generateImage', Component: GenerateImageAction, offline: 'queues' },
  // Read-aloud is wanted now, not later: it needs the network.
  speech: { label: 'textToSpeech', Component: TextToSpeechAction, offline: 'disabled' },
  record: { label: 'voiceRecord', Component: VoiceRecordAction, offline: 'queues' },
  upload: { label: 'uploadAudio', Component: UploadAudioAction, offline: 'queues' },
} as const;
type ActionName = keyof typeof ACTIONS;

/** Narrow beside the conversation on a desktop; the whole screen on a phone. */
export const PANEL_DESKTOP_WIDTH = 380;

export interface QuickActionsPanelProps {
  conversationId: string | null;
  /** The 'Needs a connection' text an action disabled offline points at. */
  offlineReasonId?: string;
  onClose: () => void;
}

export default function QuickActionsPanel({
  conversationId,
  offlineReasonId,
  onClose,
}: QuickActionsPanelProps) {
  const t = useT(messages);
  const online = useOnline();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [action, setAction] = useState<ActionName | null>(null);

  // Focus follows the view: the heading names where the reader is now.
  useEffect(() => heading.current?.focus(), [action]);

  const current = action ? ACTIONS[action] : null;
  return (
    // A div: an aside may not take the dialog role (ARIA in HTML).
    <Box
      role="dialog"
      aria-labelledby={headingId}
      data-testid="quick-actions-panel"
      data-layout={desktop ? 'narrow' : 'full'}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') onClose();
      }}
      sx={{
        position: 'fixed',
        top: 0,
        bottom: 0,
        right: 0,
        zIndex: 1250,
        width: desktop ? PANEL_DESKTOP_WIDTH : '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderLeft: desktop ? '1px solid' : 'none',
        borderColor: 'divider',
        boxShadow: 8,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          p: 0.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        {action && (
          <IconButton label={t('backToActions')} onClick={() => setAction(null)}>
            <BackIcon />
          </IconButton>
        )}
        <Box
          component="h2"
          id={headingId}
          ref={heading}
          tabIndex={-1}
          sx={{ m: 0, px: 1, flex: 1, fontSize: '1.1rem', fontWeight: 800, outline: 'none' }}
        >
          {current ? t(current.label) : t('quickActions')}
        </Box>
        <IconButton label={t('closeQuickActions')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2, pb: 'max(16px, env(safe-area-inset-bottom))' }}>
        {current ? (
          <current.Component key={action} conversationId={conversationId} />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {(Object.keys(ACTIONS) as ActionName[]).map((name) => {
              const needsNetwork = !online && ACTIONS[name].offline === 'disabled';
              return (
                <li key={name}>
                  <ButtonBase
                    onClick={() => setAction(name)}
                    disabled={needsNetwork}
                    aria-describedby={needsNetwork ? offlineReasonId : undefined}
                    title={needsNetwork ? t('needsConnection') : undefined}
                    sx={{
                      width: '100%',
                      minHeight: 52,
                      px: 2,
                      justifyContent: 'flex-start',
                      fontSize: '1rem',
                      fontWeight: 700,
                      border: '1px solid',
                      borderColor: 'divider',
                      borderRadius: 1,
                      '&:hover': { bgcolor: 'action.hover' },
                      '&.Mui-disabled': { color: 'text.disabled' },
                      '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary' },
                    }}
                  >
                    {t(ACTIONS[name].label)}
                  </ButtonBase>
                </li>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
}
