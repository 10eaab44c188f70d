// The voice preferences (Preferences → Voice, docs/product.md#voice): "I speak", the language hint
// sent to speech-to-text with each recording ('auto' lets the engine detect it), and "Confirm what
// I said", which shows the transcription for correction before it is sent. Kept in this browser,
// like the data saver (./data-saver.ts); tiny: the chat's composer reads it on first load.
import { useCallback, useSyncExternalStore } from 'react';
import { SPEECH_LANGUAGE_HINTS, type SpeechLanguageHint } from '@kasa/contracts';

export const SPEECH_LANGUAGE_STORAGE_KEY = 'kasa-speech-language';
export const CONFIRM_TRANSCRIPT_STORAGE_KEY = 'kasa-confirm-transcript';

/** Same-page changes: the storage event only reaches the other tabs. */
const CHANGE_EVENT = 'kasa-voice-preferences-change';

export interface VoicePreferences {
  speechLanguage: SpeechLanguageHint;
  confirmTranscript: boolean;
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): the choice lasts until the page closes at best; defaults rule.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function isHint(value: string | null): value is SpeechLanguageHint {
  return value !== null && (SPEECH_LANGUAGE_HINTS as readonly string[]).includes(value);
}

export function readVoicePreferences(): VoicePreferences {
  const language = readStored(SPEECH_LANGUAGE_STORAGE_KEY);
  return {
    // A code a newer build stored and this one does not know falls back to 'auto'.
    speechLanguage: isHint(language) ? language : 'auto',
    confirmTranscript: readStored(CONFIRM_TRANSCRIPT_STORAGE_KEY) === 'on',
  };
}

export function setSpeechLanguage(hint: SpeechLanguageHint): void {
  writeStored(SPEECH_LANGUAGE_STORAGE_KEY, hint === 'auto' ? null : hint);
}

export function setConfirmTranscript(on: boolean): void {
  writeStored(CONFIRM_TRANSCRIPT_STORAGE_KEY, on ? 'on' : null);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** One string, so useSyncExternalStore compares snapshots by value. */
function snapshot(): string {
  const { speechLanguage, confirmTranscript } = readVoicePreferences();
  return `${speechLanguage}:${confirmTranscript ? 'on' : 'off'}`;
}

export interface VoicePreferencesState extends VoicePreferences {
  setSpeechLanguage(hint: SpeechLanguageHint): void;
  setConfirmTranscript(on: boolean): void;
}

/** The voice preferences, re-rendering when they change (in this tab or another). */
export function useVoicePreferences(): VoicePreferencesState {
  const [language, confirm] = useSyncExternalStore(subscribe, snapshot, () => 'auto:off').split(':');
  const changeLanguage = useCallback((hint: SpeechLanguageHint) => setSpeechLanguage(hint), []);
  const changeConfirm = useCallback((on: boolean) => setConfirmTranscript(on), []);
  return {
    speechLanguage: language as SpeechLanguageHint,
    confirmTranscript: confirm === 'on',
    setSpeechLanguage: changeLanguage,
    setConfirmTranscript: changeConfirm,
  };
}
