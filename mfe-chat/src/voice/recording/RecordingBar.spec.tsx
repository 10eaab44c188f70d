// The recording bar on a real recorder (./recorder.ts) over fakes of the browser's audio APIs.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from '@kasa/ui/testing';
import { startRecording, type RecorderHandle } from './recorder';
import { MAX_RECORDING_MS, RecordingBar, formatRecordingTime, meterFill } from './RecordingBar';
import { installFakeAudio, type FakeAudio } from './testing/fake-audio-browser';

let audio: FakeAudio;
beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
  audio = installFakeAudio();
});
afterEach(() => {
  audio.restore();
  jest.useRealTimers();
});

function renderBar(recorder: RecorderHandle | null, props: Partial<Parameters<typeof RecordingBar>[0]> = {}) {
  const handlers = { onCancel: jest.fn(), onSend: jest.fn(), onLimit: jest.fn() };
  renderRemote(
    <RecordingBar status="recording" recorder={recorder} block={null} {...handlers} {...props} />,
    { path: '/chat' },
  );
  return handlers;
}

test('m:ss', () => {
  expect(formatRecordingTime(0)).toBe('0:00');
  expect(formatRecordingTime(9_999)).toBe('0:09');
  expect(formatRecordingTime(75_000)).toBe('1:15');
  expect(formatRecordingTime(120_000)).toBe('2:00');
});

test('the meter spreads speech levels over its width and never overflows', () => {
  expect(meterFill(0)).toBe(0);
  expect(meterFill(0.04)).toBeCloseTo(0.32);
  expect(meterFill(0.9)).toBe(1);
});

test('the timer counts the seconds and the meter follows the level', async () => {
  const recorder = await startRecording();
  renderBar(recorder);
  expect(screen.getByTestId('voice-recording-timer')).toHaveTextContent('0:00');
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByTestId('voice-recording-timer')).toHaveTextContent('0:01');
  act(() => jest.advanceTimersByTime(64_000));
  expect(screen.getByTestId('voice-recording-timer')).toHaveTextContent('1:05');
  audio.amplitude = 0.2;
  act(() => jest.advanceTimersByTime(50));
  expect(screen.getByTestId('voice-level-meter')).toHaveAttribute('data-level', '0.200');
  expect(screen.getByTestId('voice-language-chip')).toHaveTextContent('I speak: Auto');
});

test('Cancel and Send call their handlers; two minutes call the limit once', async () => {
  const recorder = await startRecording();
  const handlers = renderBar(recorder);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(screen.getByTestId('voice-recording-cancel'));
  await user.click(screen.getByTestId('voice-recording-send'));
  expect(handlers.onCancel).toHaveBeenCalledTimes(1);
  expect(handlers.onSend).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(MAX_RECORDING_MS - 1_000));
  expect(handlers.onLimit).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(2_000));
  expect(handlers.onLimit).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(5_000));
  expect(handlers.onLimit).toHaveBeenCalledTimes(1);
});

test('blocked: the warning, Cancel and the chip; no timer and no Send', () => {
  renderBar(null, {
    status: 'blocked',
    block: { kind: 'language', languages: ['en'], text: 'understands English only' },
  });
  expect(screen.getByTestId('voice-language-unsupported')).toHaveTextContent('understands English only');
  expect(screen.queryByTestId('voice-recording-timer')).not.toBeInTheDocument();
  expect(screen.queryByTestId('voice-recording-send')).not.toBeInTheDocument();
  expect(screen.getByTestId('voice-recording-cancel')).toBeEnabled();
});

test('in French', async () => {
  const recorder = await startRecording();
  renderRemote(
    <RecordingBar
      status="recording"
      recorder={recorder}
      block={null}
      onCancel={jest.fn()}
      onSend={jest.fn()}
      onLimit={jest.fn()}
    />,
    { path: '/chat', language: 'fr' },
  );
  expect(screen.getByTestId('voice-language-chip')).toHaveTextContent('Je parle : Auto');
  expect(screen.getByTestId('voice-recording-cancel')).toHaveTextContent('Annuler');
  expect(screen.getByTestId('voice-recording-send')).toHaveTextContent('Envoyer');
});
