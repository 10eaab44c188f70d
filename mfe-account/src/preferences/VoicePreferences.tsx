// Preferences → Voice (docs/product.md#voice): "I speak", the language hint sent with each
// recording, and "Confirm what I said". Kept in this browser (@kasa/ui voice-preferences), read by
// the chat's composer and voice mode.
import { SPEECH_LANGUAGES, type SpeechLanguageHint } from '@kasa/contracts';
import { Box, CheckboxField, SelectInput, useT } from '@kasa/ui';
import { useVoicePreferences } from '@kasa/ui/voice-preferences';
import { voicePreferencesMessages } from './voice-messages';

export function VoicePreferences() {
  const t = useT(voicePreferencesMessages);
  const voice = useVoicePreferences();
  return (
    <Box data-testid="account-voice">
      <Box component="h3" sx={{ mt: 3, mb: 1, fontSize: '1rem' }}>
        {t('voiceTitle')}
      </Box>
      <Box sx={{ maxWidth: 320 }}>
        <SelectInput
          label={t('speechLanguage')}
          value={voice.speechLanguage}
          onChange={(event) => voice.setSpeechLanguage(event.target.value as SpeechLanguageHint)}
          aria-describedby="account-speech-language-hint"
          data-testid="account-speech-language"
        >
          <option value="auto">{t('speechLanguageAuto')}</option>
          {/* Each language by its own name, whatever the UI language. */}
          {SPEECH_LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </SelectInput>
        <Box component="p" id="account-speech-language-hint" sx={{ mt: 0.5, mb: 0, color: 'text.secondary' }}>
          {t('speechLanguageExplain')}
        </Box>
      </Box>
      <Box sx={{ mt: 1 }}>
        <CheckboxField
          label={t('confirmTranscript')}
          hint={t('confirmTranscriptExplain')}
          checked={voice.confirmTranscript}
          onChange={(event) => voice.setConfirmTranscript(event.target.checked)}
          data-testid="account-confirm-transcript"
        />
      </Box>
    </Box>
  );
}
