import { act, render, screen } from '@testing-library/react';
import {
  CONFIRM_TRANSCRIPT_STORAGE_KEY,
  SPEECH_LANGUAGE_STORAGE_KEY,
  readVoicePreferences,
  setConfirmTranscript,
  setSpeechLanguage,
  useVoicePreferences,
} from './voice-preferences';

beforeEach(() => localStorage.clear());

function Probe() {
  const { speechLanguage, confirmTranscript } = useVoicePreferences();
  return (
    <output data-testid="voice">{`${speechLanguage} ${confirmTranscript ? 'confirm' : 'direct'}`}</output>
  );
}

test('defaults: "I speak" is automatic and "Confirm what I said" is off', () => {
  expect(readVoicePreferences()).toEqual({ speechLanguage: 'auto', confirmTranscript: false });
});

test('the choices are kept in this browser; the defaults remove them', () => {
  setSpeechLanguage('fr');
  setConfirmTranscript(true);
  expect(localStorage.getItem(SPEECH_LANGUAGE_STORAGE_KEY)).toBe('fr');
  expect(localStorage.getItem(CONFIRM_TRANSCRIPT_STORAGE_KEY)).toBe('on');
  expect(readVoicePreferences()).toEqual({ speechLanguage: 'fr', confirmTranscript: true });
  setSpeechLanguage('auto');
  setConfirmTranscript(false);
  expect(localStorage.getItem(SPEECH_LANGUAGE_STORAGE_KEY)).toBeNull();
  expect(localStorage.getItem(CONFIRM_TRANSCRIPT_STORAGE_KEY)).toBeNull();
});

test('a stored language this build does not know reads as automatic', () => {
  localStorage.setItem(SPEECH_LANGUAGE_STORAGE_KEY, 'xx');
  expect(readVoicePreferences().speechLanguage).toBe('auto');
});

test('the hook follows changes made on this page and in other tabs', () => {
  render(<Probe />);
  expect(screen.getByTestId('voice')).toHaveTextContent('auto direct');
  act(() => setSpeechLanguage('sw'));
  expect(screen.getByTestId('voice')).toHaveTextContent('sw direct');
  act(() => setConfirmTranscript(true));
  expect(screen.getByTestId('voice')).toHaveTextContent('sw confirm');
  // Another tab writes storage; this tab hears the storage event.
  localStorage.setItem(SPEECH_LANGUAGE_STORAGE_KEY, 'ha');
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: SPEECH_LANGUAGE_STORAGE_KEY }));
  });
  expect(screen.getByTestId('voice')).toHaveTextContent('ha confirm');
});

test('the setters the hook gives change the preferences', () => {
  let state!: ReturnType<typeof useVoicePreferences>;
  function Grab() {
    state = useVoicePreferences();
    return null;
  }
  render(<Grab />);
  act(() => state.setSpeechLanguage('yo'));
  act(() => state.setConfirmTranscript(true));
  expect(state.speechLanguage).toBe('yo');
  expect(state.confirmTranscript).toBe(true);
});
