import { createServer } from 'node:http';
import { applyServerTimeouts, SERVER_TIMEOUTS } from './server-timeouts';

describe('server timeouts', () => {
  it('are coherent: headers wait longer than an idle keep-alive, the whole request longer still', () => {
    const { keepAliveTimeout, headersTimeout, requestTimeout } = SERVER_TIMEOUTS;
    expect(headersTimeout).toBeGreaterThan(keepAliveTimeout);
    expect(requestTimeout).toBeGreaterThanOrEqual(headersTimeout);
    // A 1 MB body (the default BODY_LIMIT) at 2G speed, ~10 KB/s, still fits.
    expect(requestTimeout).toBeGreaterThanOrEqual(100_000);
  });

  it('are applied to the server, which keeps no idle-socket timeout (chat replies stream for minutes)', () => {
    const server = createServer();
    applyServerTimeouts(server);
    expect({
      keepAliveTimeout: server.keepAliveTimeout,
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
    }).toEqual(SERVER_TIMEOUTS);
    expect(server.timeout).toBe(0);
  });
});
