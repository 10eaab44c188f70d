import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A loopback TCP proxy for outage tests: the app connects to `port`, the proxy forwards to the
 * real server on `targetPort`. `pause()` cuts every open connection and refuses new ones (the
 * server looks down to the app) without touching the real server, which other tests share;
 * `resume()` lets connections through again.
 */
export interface TcpProxy {
  /** The loopback port the app should connect to. */
  port: number;
  /** Whether new connections are refused. */
  readonly paused: boolean;
  /** Refuses new connections and destroys the open ones. */
  pause(): void;
  /** Refuses new connections; the open ones stay. */
  refuseNew(): void;
  /** Destroys the open connections (new ones still go through unless refused). */
  destroyConnections(): void;
  /** Lets new connections through again. */
  resume(): void;
  /** Connections accepted so far (refused ones excluded). */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let refusing = false;
  let accepted = 0;
  const server: Server = createServer((client) => {
    if (refusing) {
      // Closed at once with a reset: the client sees ECONNRESET, as when the server is down.
      client.resetAndDestroy();
      return;
    }
    accepted++;
    const upstream = connect(targetPort, targetHost);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port.');
  const destroyConnections = () => {
    for (const socket of [...open]) cut(socket);
    open.clear();
  };
  return {
    port: address.port,
    get paused() {
      return refusing;
    },
    get accepted() {
      return accepted;
    },
    pause() {
      refusing = true;
      destroyConnections();
    },
    refuseNew() {
      refusing = true;
    },
    destroyConnections,
    resume() {
      refusing = false;
    },
    close: async () => {
      refusing = true;
      destroyConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Closes `socket` with a reset (RST), as a server that went away does; plainly when it cannot be
 * reset. libuv refuses to reset a socket whose shutdown is under way (uv_tcp_close_reset answers
 * EINVAL after end(): the pipe ends one side when the other ended, and Node ends a socket whose peer
 * ended), and Node then lets go of the handle without closing it. That socket stays open and the
 * process never exits: it spins at 100 % CPU in its exit cleanup, waiting for the handle
 * (Environment::CleanupHandles). A socket still connecting is reset only once connected, by which
 * time the pipe may have ended it.
 */
export function cut(socket: Socket): void {
  if (socket.connecting || socket.writableEnded || socket.destroyed) socket.destroy();
  else socket.resetAndDestroy();
}

/** `url` with its port (and host) replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
