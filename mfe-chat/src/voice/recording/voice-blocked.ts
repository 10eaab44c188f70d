// Why the microphone cannot record here now, in words (docs/product.md#voice): no speech engine on
// this server, or one that cannot transcribe the language chosen under "I speak".
import { SPEECH_LANGUAGES, type SpeechLanguageHint, type VoiceCapabilities } from '@kasa/contracts';
import type { Language, Translate } from '@kasa/ui';
import type { micMessages } from './mic-messages';
import { transcribable } from './useVoiceCapabilities';

type MicText = Translate<keyof (typeof micMessages)['en']>;

export type VoiceBlock =
  { kind: 'unavailable'; text: string } | { kind: 'language'; text: string; languages: readonly string[] };

/** A language's own name (what the "I speak" picker shows), or its code for one we do not list. */
export function speechLanguageName(code: string): string {
  return SPEECH_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/** 'English', 'English and Français', 'A, B and C' in the UI's language. */
function listOf(names: readonly string[], language: Language): string {
  if (typeof Intl !== 'undefined' && 'ListFormat' in Intl)
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  return names.join(', ');
}

/** Null when a recording in `hint` can be transcribed here (or nobody knows yet). */
export function voiceBlock(
  capabilities: VoiceCapabilities | undefined,
  hint: SpeechLanguageHint,
  t: MicText,
  language: Language,
): VoiceBlock | null {
  if (!capabilities || transcribable(capabilities, hint)) return null;
  const { available, languages } = capabilities.speechToText;
  if (!available || !languages?.length) return { kind: 'unavailable', text: t('sttUnavailable') };
  const names = languages.map(speechLanguageName);
  return {
    kind: 'language',
    languages,
    text: t(names.length === 1 ? 'languageUnsupportedOne' : 'languageUnsupportedMany', {
      languages: listOf(names, language),
    }),
  };
}
