// A loopback OpenAI-compatible server for the voice-turn benchmark, run as its own process so its
// timers do not share an event loop with Kasa or the measuring client. It speaks the wire format
// of the three calls a voice turn makes, answering at once (the figures are Kasa's own time):
//   POST /v1/audio/transcriptions  verbose_json, the language as whisper-1 names it ('english');
//   POST /v1/chat/completions      an SSE stream of REPLY, one word per chunk at RATE words/s;
//   POST /v1/audio/speech          the Ogg/Opus file SPEECH_FILE, sent as one body.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const rate = Number(process.env.RATE ?? 50);
const speech = readFileSync(process.env.SPEECH_FILE);
const REPLY =
  'Plant maize when the first long rains have soaked the soil. Weed it twice in the first month, ' +
  'and add manure before the tassels appear. Store the grain dry, off the floor.';

const chunk = (id, delta, finish) =>
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
    if (req.url?.endsWith('/audio/transcriptions')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          task: 'transcribe',
          language: 'english',
          duration: 2.8,
          text: ' When should I plant maize? ',
        }),
      );
      return;
    }
    if (req.url?.endsWith('/audio/speech')) {
      res.writeHead(200, { 'Content-Type': 'audio/ogg', 'Content-Length': speech.length });
      res.end(speech);
      return;
    }
    const id = `bench-${(next += 1)}`;
    const words = REPLY.split(/(?<= )/);
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(chunk(id, { role: 'assistant', content: '' }, null));
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (sent === words.length) {
        clearInterval(timer);
        res.write(chunk(id, {}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }
      res.write(chunk(id, { content: words[sent] }, null));
      sent += 1;
    }, 1000 / rate);
    res.on('close', () => clearInterval(timer));
  });
});
server.listen(Number(process.env.MODEL_PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
