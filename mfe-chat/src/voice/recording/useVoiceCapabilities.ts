// What this server's voice engines can do (GET /api/voice/capabilities), so the microphone says
// before recording when the chosen language cannot be transcribed here (docs/product.md#voice).
// Tiny and loaded with the composer: the recorder itself loads on the first tap.
import { useQuery } from '@tanstack/react-query';
import type { SpeechLanguageHint, VoiceCapabilities } from '@kasa/contracts';

/** The query key is the API path (the default queryFn GETs it). */
export const VOICE_CAPABILITIES_QUERY_KEY = ['/api/voice/capabilities'] as const;

/** The engines change with a redeploy: an hour old is fresh enough. */
export const VOICE_CAPABILITIES_STALE_MS = 60 * 60 * 1000;

/** The capabilities, or undefined while unknown (loading, offline, an older server). */
export function useVoiceCapabilities(): VoiceCapabilities | undefined {
  const data = useQuery<VoiceCapabilities>({
    queryKey: VOICE_CAPABILITIES_QUERY_KEY,
    staleTime: VOICE_CAPABILITIES_STALE_MS,
  }).data;
  // An answer without the expected shape (a proxy's page, an older server) counts as unknown.
  return data?.speechToText ? data : undefined;
}

/**
 * Whether a recording in `hint` can be transcribed here. Unknown capabilities say yes: the server
 * answers VOICE_LANGUAGE_UNSUPPORTED or STT_UNAVAILABLE itself, and offline the recording waits
 * in the outbox. 'auto' always can while an engine is there: with a fixed list it means the
 * list's first language.
 */
export function transcribable(
  capabilities: VoiceCapabilities | undefined,
  hint: SpeechLanguageHint,
): boolean {
  if (!capabilities?.speechToText) return true;
  const { available, languages } = capabilities.speechToText;
  if (!available) return false;
  return hint === 'auto' || languages === null || languages.includes(hint);
}
