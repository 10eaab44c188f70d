/**
 * The iterator's next result, or 'aborted' as soon as the signal fires, whichever comes first.
 *
 * Why not `Promise.race([iterator.next(), abortedPromise])`: racing against one long-lived promise
 * leaves a reaction on it for every chunk until the reply ends (the well-known Promise.race
 * leak): about a kilobyte per chunk, hundreds of megabytes at a thousand concurrent replies. Here
 * the abort listener lives only while one `next()` is pending.
 */
export function nextUnlessAborted<T, R>(
  iterator: AsyncIterator<T, R>,
  signal: AbortSignal,
): Promise<IteratorResult<T, R> | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
