import { useEffect, useState } from 'react';

/** Soft keyboard (docs/product.md#chat-screen): the input bar moves up when the viewport shrinks by more than this… */
export const KEYBOARD_THRESHOLD_PX = 150;
/** …by the difference, at most this much. */
export const KEYBOARD_MAX_OFFSET_PX = 300;

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
    // The first read waits for the next frame: reading the viewport's size in the commit's task
    // forces the freshly mounted chat's layout there, lengthening the longest task of its start.
    const frame = requestAnimationFrame(update);
    viewport.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', update);
    };
  }, []);
  return offset;
}
