import { act, renderHook, waitFor } from '@testing-library/react';
import { keyboardOffset, useKeyboardOffset } from './useKeyboardOffset';

function fakeViewport(height: number) {
  const listeners = new Set<() => void>();
  const viewport = {
    height,
    scale: 1,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  return { viewport, listeners };
}

afterEach(() => {
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: undefined });
});

test('keyboardOffset: under the threshold nothing moves, above it the shrink up to the cap', () => {
  expect(keyboardOffset(800, 700)).toBe(0);
  expect(keyboardOffset(800, 560)).toBe(240);
  expect(keyboardOffset(800, 300)).toBe(300);
});

test('a keyboard already open when the chat mounts is read on the next frame, not in the commit', async () => {
  const frames = jest.spyOn(window, 'requestAnimationFrame');
  fakeViewport(window.innerHeight - 240);
  const { result } = renderHook(() => useKeyboardOffset());
  expect(result.current).toBe(0);
  expect(frames).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(result.current).toBe(240));
  frames.mockRestore();
});

test('follows the viewport, and stops listening and cancels the first read on unmount', () => {
  const cancel = jest.spyOn(window, 'cancelAnimationFrame');
  const { viewport, listeners } = fakeViewport(window.innerHeight);
  const { result, unmount } = renderHook(() => useKeyboardOffset());
  act(() => {
    viewport.height = window.innerHeight - 420;
    listeners.forEach((l) => l());
  });
  expect(result.current).toBe(300);
  unmount();
  expect(listeners.size).toBe(0);
  expect(cancel).toHaveBeenCalledTimes(1);
  cancel.mockRestore();
});
