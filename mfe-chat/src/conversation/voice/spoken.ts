// Which user messages are spoken turns (POST VOICE_TURNS_PATH), and how their language is named.
import { SPEECH_LANGUAGES, type ChatMessage } from '@kasa/contracts';
import { safeMediaUrl } from '../../shared/safe-url';

/**
 * A spoken turn's message: it has a stored recording or the language it was transcribed in. A
 * transcription added by the Quick AI Tools (an audio and its text, no recordingId) is not one:
 * it keeps its own player (shared/media/MessageMedia).
 */
export const isSpokenMessage = (message: ChatMessage): boolean =>
  message.role === 'user' && Boolean(message.recordingId || message.transcriptionLanguage);

/** The language's own name (SPEECH_LANGUAGES: the same in both UI languages), else its code. */
export function speechLanguageName(code: string): string {
  return SPEECH_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/**
 * The recording's link as the <audio> may load it: the object URL of a recording made on this
 * device, or a same-origin / http(s) link (shared/safe-url).
 */
export function playableAudioUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('blob:') ? url : safeMediaUrl(url);
}
