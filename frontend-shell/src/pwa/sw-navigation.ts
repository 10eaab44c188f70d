// How the service worker answers a page navigation (/, /chat, /legal/terms, ...).

export interface NavigationSources {
  /** The network's answer; aborted through `signal` once the cached shell has answered instead. */
  network: (signal: AbortSignal) => Promise<Response>;
  /** The precached index.html of the deployed shell (consistent with the precached JS). */
  cachedShell: () => Promise<Response | undefined>;
  /** The precached offline page, for when even the shell is not cached. */
  offlinePage: () => Promise<Response | undefined>;
  timeoutMs: number;
}

/**
 * Network first, so an online visitor always gets the current deploy's page. When the network
 * fails, answers 5xx (a proxy in front of a stopped server) or takes longer than `timeoutMs` (a
 * bad mobile connection), the cached app shell answers: the SPA then routes the URL itself.
 * Pages are never cached per URL: every route is the same index.html, and an old copy could point
 * at JS files a newer deploy has removed.
 */
export async function answerNavigation({
  network,
  cachedShell,
  offlinePage,
  timeoutMs,
}: NavigationSources): Promise<Response> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const fromNetwork = network(controller.signal).then(
    (response) => (response.status >= 500 ? null : response),
    () => null,
  );
  try {
    const response = await Promise.race([fromNetwork, timedOut]);
    if (response) return response;
  } finally {
    clearTimeout(timer);
  }
  controller.abort();
  return (await cachedShell()) ?? (await offlinePage()) ?? Response.error();
}
