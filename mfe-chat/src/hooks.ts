import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Soft keyboard (docs/product.md#chat-screen): the input bar moves up when the viewport shrinks by more than this… */
export const KEYBOARD_THRESHOLD_PX = 150;
/** …by the difference, at most this much. */
export const KEYBOARD_MAX_OFFSET_PX = 300;

/** The latest value, readable from callbacks that outlive a render (stream handlers, timers). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * A CSS media query, live. Small on purpose: MUI's useMediaQuery pulls in MUI's default theme.
 * Without matchMedia (tests, very old browsers) the query counts as not matching.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** The offset for the input bar: how far the visual viewport shrank (soft keyboard), per docs/product.md#chat-screen. */
export function keyboardOffset(layoutHeight: number, visualHeight: number): number {
  const shrink = Math.round(layoutHeight - visualHeight);
  return shrink > KEYBOARD_THRESHOLD_PX ? Math.min(shrink, KEYBOARD_MAX_OFFSET_PX) : 0;
}

/** Follows window.visualViewport: 0, or the px the input bar must move up above the soft keyboard. */
export function useKeyboardOffset(): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    // × scale: a pinch-zoomed page has a small visual viewport too, with no keyboard.
    const update = () =>
      setOffset(keyboardOffset(window.innerHeight, viewport.height * (viewport.scale || 1)));
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return offset;
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** requestAnimationFrame, or a 16 ms timer where there is none. */
export function requestFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, live ('online' / 'offline' events). Without navigator it counts as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => typeof navigator === 'undefined' || navigator.onLine !== false,
    () => true,
  );
}
