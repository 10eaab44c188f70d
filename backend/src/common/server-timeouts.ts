import type { Server } from 'node:http';

export interface ServerTimeouts {
  /** How long an idle keep-alive connection is kept for the client's next request. */
  keepAliveTimeout: number;
  /** Longest wait for a request's complete headers (408 after). */
  headersTimeout: number;
  /** Longest wait for a complete request, headers and body (408 after). */
  requestTimeout: number;
}

/**
 * keepAliveTimeout: Node closes an idle keep-alive connection after 5 s, so a client that reuses
 * it a moment later gets ECONNRESET (seen in the e2e suite); 65 s outlasts the idle timeouts of
 * common proxies and browsers and spares phones a new TCP (and TLS) handshake.
 * headersTimeout stays above it, so a request a proxy sends on an old connection is never cut.
 * requestTimeout bounds a slow sender (slowloris): the largest body (BODY_LIMIT, 1 MB by default)
 * fits in it at 2G speed (~10 KB/s). It bounds receiving the request only, never the response:
 * chat replies stream for minutes (server.timeout, the idle-socket timer, stays off).
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 120_000,
};

export function applyServerTimeouts(server: Server, timeouts: ServerTimeouts = SERVER_TIMEOUTS): void {
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.headersTimeout = timeouts.headersTimeout;
  server.requestTimeout = timeouts.requestTimeout;
}
