// Extra API routes for a spec, answered before the FakeApi of ./chat-harness.tsx (which answers the
// chat's own routes): GET /api/chat/models, POST /api/shares, the export download. Calls are
// recorded in the FakeApi's `calls` like every other.
import type { Call, FakeApi, FakeResponse } from './chat-harness';

export type OverlayRoute = (call: Call) => FakeResponse | Error | Promise<FakeResponse | Error>;

/** `routes` keyed 'METHOD /path' (no query string). Call after `api.install()`. */
export function overlayRoutes(api: FakeApi, routes: Record<string, OverlayRoute>): void {
  const inner = globalThis.fetch;
  const stub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (!route) return inner(input, init);
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method, url, body, headers: new Headers(init.headers) };
    api.calls.push(call);
    const answer = await route(call);
    if (answer instanceof Error) throw answer;
    return answer as unknown as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
}
