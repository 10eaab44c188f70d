// A loopback OpenAI-compatible model for the chat-stream benchmark, run as its own process so its
// timers do not share an event loop with Kasa or with the measuring client. Every stream emits
// TOKENS chunks at RATE tokens per second; each chunk's text carries the wall-clock time it was
// written ("⟦<ms since epoch, 3 decimals>⟧ "), so the client can compute the latency Kasa adds.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

const port = Number(process.env.MODEL_PORT ?? 0);
const tokens = Number(process.env.TOKENS ?? 40);
const rate = Number(process.env.RATE ?? 20);
const now = () => performance.timeOrigin + performance.now();

const line = (id, delta, finish) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'bench-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

let next = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = `bench-${(next += 1)}`;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(line(id, { role: 'assistant', content: '' }, null));
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (sent === tokens) {
        clearInterval(timer);
        res.write(line(id, {}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }
      sent += 1;
      res.write(line(id, { content: `⟦${now().toFixed(3)}⟧ ` }, null));
    }, 1000 / rate);
    res.on('close', () => clearInterval(timer));
  });
});
server.listen(port, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
