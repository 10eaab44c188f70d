import { act, render, screen } from '@testing-library/react';
import { AfterIdle } from './AfterIdle';

// jsdom has no requestIdleCallback: each test installs its own, or none.
type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

afterEach(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
  jest.useRealTimers();
});

test('renders nothing in the first commit, then its children once the browser is idle', () => {
  const callbacks: Array<() => void> = [];
  const win = window as unknown as IdleWindow;
  win.requestIdleCallback = jest.fn((callback: () => void) => callbacks.push(callback));
  win.cancelIdleCallback = jest.fn();

  render(
    <AfterIdle timeout={1500}>
      <p>later</p>
    </AfterIdle>,
  );
  expect(screen.queryByText('later')).toBeNull();
  expect(win.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });

  act(() => callbacks.forEach((callback) => callback()));
  expect(screen.getByText('later')).toBeTruthy();
});

test('without requestIdleCallback, the children come in the next task', () => {
  jest.useFakeTimers();
  render(
    <AfterIdle>
      <p>later</p>
    </AfterIdle>,
  );
  expect(screen.queryByText('later')).toBeNull();
  act(() => jest.runOnlyPendingTimers());
  expect(screen.getByText('later')).toBeTruthy();
});

test('unmounted before the browser is idle: the idle callback is cancelled', () => {
  const win = window as unknown as IdleWindow;
  win.requestIdleCallback = jest.fn(() => 7);
  win.cancelIdleCallback = jest.fn();
  const { unmount } = render(
    <AfterIdle>
      <p>later</p>
    </AfterIdle>,
  );
  unmount();
  expect(win.cancelIdleCallback).toHaveBeenCalledWith(7);
});
