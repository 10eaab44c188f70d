import { act, render, screen } from '@testing-library/react';
import { useIdleMount } from './idle-mount';

function Probe({ now = false }: { now?: boolean }) {
  return <span data-testid="probe">{useIdleMount(now) ? 'shown' : 'later'}</span>;
}

afterEach(() => {
  jest.useRealTimers();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
});

test('false on the first render, true once the page is idle (requestIdleCallback)', () => {
  jest.useFakeTimers();
  const idle: Array<() => void> = [];
  (window as { requestIdleCallback?: unknown }).requestIdleCallback = (work: () => void) => idle.push(work);
  render(<Probe />);
  expect(screen.getByTestId('probe')).toHaveTextContent('later');
  act(() => jest.advanceTimersByTime(0));
  // Queued for the idle period, not run yet: a busy page keeps it waiting.
  expect(idle).toHaveLength(1);
  expect(screen.getByTestId('probe')).toHaveTextContent('later');
  act(() => idle[0]());
  expect(screen.getByTestId('probe')).toHaveTextContent('shown');
});

test('`now` shows it at once (a drawer opened before the page was idle), and it stays', () => {
  jest.useFakeTimers();
  const { rerender } = render(<Probe />);
  expect(screen.getByTestId('probe')).toHaveTextContent('later');
  rerender(<Probe now />);
  expect(screen.getByTestId('probe')).toHaveTextContent('shown');
  act(() => jest.advanceTimersByTime(0));
  rerender(<Probe />);
  expect(screen.getByTestId('probe')).toHaveTextContent('shown');
});

test('unmounted before the page is idle: nothing runs later', () => {
  jest.useFakeTimers();
  const { unmount } = render(<Probe />);
  unmount();
  expect(jest.getTimerCount()).toBe(0);
});
