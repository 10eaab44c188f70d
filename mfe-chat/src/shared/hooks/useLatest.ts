import { useLayoutEffect, useRef } from 'react';

/** The latest value, readable from callbacks that outlive a render (stream handlers, timers). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
