import { HttpStatus } from '@nestjs/common';
import {
  SPEECH_LANGUAGE_HINTS,
  SPEECH_LANGUAGES,
  type SpeechLanguageCode,
  type SpeechLanguageHint,
} from '@kasa/contracts';
import type { SpeechToText } from '../ai/transcription/transcription.port';
import { ApiException } from '../common/api-exception';
import { languageUnsupported } from './voice.errors';

/**
 * The language code to send to speech-to-text for the user's "I speak" hint, or undefined to let
 * the engine detect it. 400 VOICE_LANGUAGE_UNSUPPORTED (before anything is charged) when the
 * engine here cannot transcribe that language; `auto` on an engine that detects nothing means its
 * only language.
 */
export function speechLanguageFor(
  stt: Pick<SpeechToText, 'languages' | 'detectsLanguage'>,
  hint: SpeechLanguageHint | undefined,
): SpeechLanguageCode | undefined {
  if (!hint || hint === 'auto') return stt.detectsLanguage ? undefined : (stt.languages?.[0] ?? undefined);
  if (stt.languages && !stt.languages.includes(hint)) throw languageUnsupported(hint, stt.languages);
  return hint;
}

/** A language's own name ('Kiswahili'), or its code when it is not in SPEECH_LANGUAGES. */
export function speechLanguageName(code: string): string {
  return SPEECH_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

export const SPEECH_LANGUAGE_INVALID = `language must be one of ${SPEECH_LANGUAGE_HINTS.join(', ')}.`;

/**
 * A multipart `language` field as a SpeechLanguageHint (undefined when it was not sent); 400
 * VALIDATION_FAILED for anything else, as a JSON body's field would be refused.
 */
export function parseSpeechLanguageHint(value: string | undefined): SpeechLanguageHint | undefined {
  if (value === undefined) return undefined;
  const hint = SPEECH_LANGUAGE_HINTS.find((known) => known === value.trim());
  if (!hint)
    throw new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', SPEECH_LANGUAGE_INVALID, [
      SPEECH_LANGUAGE_INVALID,
    ]);
  return hint;
}
