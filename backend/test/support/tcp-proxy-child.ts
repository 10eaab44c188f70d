import { connect, createServer, type Socket } from 'node:net';
import { cut, startTcpProxy } from './tcp-proxy';

/**
 * Cuts a loopback connection the way the outage proxy does, in a process of its own (run through
 * ts-child.cjs) so a test can tell whether the process still exits afterwards: a handle left open
 * keeps it alive forever. The case is the first argument:
 * - `ending`: cut() while the socket's own end() is under way;
 * - `open`: cut() of an open socket;
 * - `proxy`: a connection through startTcpProxy, paused, then the proxy closed.
 * Prints one JSON line when the process exits: what the other side of the connection saw.
 */
type Case = 'ending' | 'open' | 'proxy';

const report: { peerError?: string; peerClosed: boolean; clientError?: string } = { peerClosed: false };
process.on('exit', () => process.stdout.write(`${JSON.stringify(report)}\n`));

async function main(which: Case): Promise<void> {
  // The side that stays: it keeps reading and only notes how the connection ended.
  const server = createServer((peer) => {
    peer.on('error', (error: NodeJS.ErrnoException) => (report.peerError = error.code));
    peer.on('close', () => {
      report.peerClosed = true;
      server.close();
    });
    peer.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  if (which === 'proxy') {
    const proxy = await startTcpProxy(port);
    const client = await connected(connect(proxy.port, '127.0.0.1'));
    client.on('error', (error: NodeJS.ErrnoException) => (report.clientError = error.code));
    await new Promise<void>((resolve) => {
      client.on('close', () => resolve());
      proxy.pause();
    });
    await proxy.close();
    return;
  }
  const socket = await connected(connect(port, '127.0.0.1'));
  socket.on('error', () => undefined);
  // end() asks libuv for a shutdown that runs on a later turn of the loop: the cut lands before it.
  if (which === 'ending') socket.end();
  cut(socket);
}

function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

main(process.argv[3] as Case).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
