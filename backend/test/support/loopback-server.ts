import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A started loopback HTTP server standing in for an outside service. */
export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Drops open connections (streams a test left hanging) and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts `handle` on a free loopback port. A handler that throws answers 500 with the error text,
 * as a misbehaving provider would, instead of leaving the request hanging.
 */
export async function startLoopbackServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
