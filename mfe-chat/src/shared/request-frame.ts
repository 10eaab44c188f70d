/** requestAnimationFrame, or a 16 ms timer where there is none. Answers a function that cancels it. */
export function requestFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
}

/**
 * Runs `callback` once the next frame is painted (a task queued from requestAnimationFrame runs
 * after that frame's paint): what a tap shows goes on screen first, the rest after it.
 */
export function afterPaint(callback: () => void): void {
  requestFrame(() => setTimeout(callback, 0));
}
