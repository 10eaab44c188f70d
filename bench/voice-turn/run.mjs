// bench/voice-turn: a spoken question's time to the first audio of its answer, and the bytes a
// recording costs on mobile data (docs/product.md#voice). Prints, for the offline engines
// (pocketsphinx + the offline chat advisor + eSpeak NG) and for loopback OpenAI-compatible
// servers (speech-to-text, chat and speech in one process, answering at once):
//   1. over --turns turns, p50/p99 of the time from the end of the recording (the request's
//      start: the browser sends the finished file) to the first byte of the answer's audio, as
//      voice mode gets there (mfe-chat/src/voice/): POST /api/voice/turns with the Opus recording,
//      read the stream to the end of the reply's first chunk (its first sentence, cut short
//      past 60 characters as voice mode does), POST /api/voice/speak that chunk (opus), GET its
//      audioUrl to the first byte; broken down by step;
//   2. the bytes uploaded per second of speech: Opus in WebM at 16 kbit/s mono (MediaRecorder
//      with audioBitsPerSecond 16000) against 16 kHz mono PCM16 WAV, and their ratio.
// Figures only, never a test. Goals: first audio ≤ 2 s p50 offline; Opus ≤ 1/10 of WAV.
//
//   npx nx run @kasa/backend:build   (first, or leave out --no-build)
//   node bench/voice-turn/run.mjs [--turns 20] [--rate 50] [--no-build]
//
// Kasa runs its production API (backend/dist/main.js, inline worker) on ports 3271 (offline) and
// 3272 (loopback servers), on PostgreSQL at DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a fresh database per setup). The recording is real
// speech: "go forward ten meters" from Debian's pocketsphinx-testdata.
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const turns = arg('turns', 20);
const rate = arg('rate', 50);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const GO_FORWARD_RAW = '/usr/share/pocketsphinx/test/data/goforward.raw';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value) => `${Math.round(value)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---- recordings (the ffmpeg Kasa itself uses) ----
const ffmpeg = createRequire(join(repoRoot, 'backend', 'package.json'))('@ffmpeg-installer/ffmpeg').path;
const work = mkdtempSync(join(tmpdir(), 'kasa-voice-turn-'));
function encode(name, args) {
  const out = join(work, name);
  const run = spawnSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    's16le',
    '-ar',
    '16000',
    '-ac',
    '1',
    '-i',
    GO_FORWARD_RAW,
    ...args,
    out,
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  return readFileSync(out);
}
const speechSeconds = readFileSync(GO_FORWARD_RAW).length / 32_000;
// MediaRecorder writes WebM as a live stream (no duration in its header); -application voip is
// what browsers' Opus encoders use for a microphone.
const webm = encode('recording.webm', [
  '-c:a',
  'libopus',
  '-b:a',
  '16k',
  '-application',
  'voip',
  '-live',
  '1',
  '-f',
  'webm',
]);
const wav = encode('recording.wav', ['-c:a', 'pcm_s16le', '-f', 'wav']);
// What the loopback server answers to audio.speech.
encode('answer.ogg', ['-c:a', 'libopus', '-b:a', '24k', '-f', 'ogg']);

// ---- one turn, as voice mode takes it ----

/**
 * The first chunk voice mode speaks from the markdown so far, or undefined while it is not complete
 * (mfe-chat/src/voice/speech/sentences.ts): the first sentence, ending at . ! ? … followed by a
 * space (after closing quotes or emphasis) or at a line break; when it runs past FIRST_CHUNK_LENGTH
 * characters, cut after its last pause (comma, semicolon or colon before a space, a dash) within
 * them, past FIRST_CHUNK_MIN_PAUSE, else at the first space after them.
 */
const FIRST_CHUNK_LENGTH = 60;
const FIRST_CHUNK_MIN_PAUSE = 20;
const PAUSE = /[,;:](?=\s)|\s-(?=\s)|[–—]/g;
function firstSentence(text) {
  const spoken = (chunk) => {
    const sentence = chunk.replace(/[*_`#>]/g, '').trim();
    return /[\p{L}\p{N}]/u.test(sentence) ? sentence : undefined;
  };
  const end = /[.!?…።፧؟]["'”’»)\]*_`]*\s|\n/.exec(text);
  const endAt = end ? end.index + end[0].length : 0;
  if (endAt > FIRST_CHUNK_LENGTH || (!end && text.length > FIRST_CHUNK_LENGTH)) {
    let pause = 0;
    for (const match of text.slice(0, FIRST_CHUNK_LENGTH + 1).matchAll(PAUSE)) {
      const after = match.index + match[0].length;
      if (after >= FIRST_CHUNK_MIN_PAUSE && after <= FIRST_CHUNK_LENGTH) pause = after;
    }
    if (pause) return spoken(text.slice(0, pause));
    const space = text.slice(FIRST_CHUNK_LENGTH).search(/\s/);
    if (space >= 0) return spoken(text.slice(0, FIRST_CHUNK_LENGTH + space + 1));
  }
  return end ? spoken(text.slice(0, endAt)) : undefined;
}

async function turn(kasa, token) {
  const auth = { Authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('language', 'auto');
  form.append('audio', new Blob([webm], { type: 'audio/webm' }), 'recording.webm');
  const start = performance.now();
  const response = await fetch(`${kasa.origin}/api/voice/turns`, {
    method: 'POST',
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    body: form,
  });
  if (!response.ok) throw new Error(`turn: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let reply = '';
  let idsAt;
  let sentence;
  let transcription;
  while (!sentence) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let cut;
    while ((cut = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, cut);
      buffered = buffered.slice(cut + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (!data) continue;
      const parsed = JSON.parse(data);
      if (parsed.error) throw new Error(`turn stream: ${parsed.code} ${parsed.error}`);
      if (parsed.transcription && idsAt === undefined) {
        idsAt = performance.now();
        transcription = parsed.transcription;
      }
      if (parsed.content) reply += parsed.content;
      sentence ??= firstSentence(reply) ?? (parsed.done ? reply.trim() || undefined : undefined);
    }
  }
  const sentenceAt = performance.now();
  // The rest of the reply keeps streaming while the first sentence is spoken, as in voice mode.
  const drained = (async () => {
    while (!(await reader.read()).done);
  })();
  if (!sentence) throw new Error('the reply had no sentence');
  const spoken = await fetch(`${kasa.origin}/api/voice/speak`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: sentence, voice: 'alloy', format: 'opus' }),
  });
  const speech = await spoken.json();
  if (!spoken.ok) throw new Error(`speak: ${spoken.status} ${speech.code} ${speech.message}`);
  const speakAt = performance.now();
  const audio = await fetch(new URL(speech.audioUrl, kasa.origin));
  const audioReader = audio.body.getReader();
  await audioReader.read();
  const audioAt = performance.now();
  await audioReader.cancel();
  await drained;
  return {
    total: audioAt - start,
    ids: idsAt - start,
    sentence: sentenceAt - idsAt,
    speak: speakAt - sentenceAt,
    audio: audioAt - speakAt,
    transcription,
    sentenceText: sentence,
  };
}

async function measure(label, kasa) {
  // A Basic plan has 600 voice seconds a month: each user takes a few turns.
  let token;
  const results = [];
  for (let i = 0; i <= turns; i += 1) {
    if (i % 5 === 0) token = await kasa.register('voiceturn');
    const result = await turn(kasa, token);
    // The first turn warms the engines up (model files read, ffmpeg paged in): not counted.
    if (i > 0) results.push(result);
  }
  const stat = (key) =>
    `p50 ${ms(
      percentile(
        results.map((r) => r[key]),
        50,
      ),
    )} / p99 ${ms(
      percentile(
        results.map((r) => r[key]),
        99,
      ),
    )}`;
  const first = results[0];
  console.log(`\n${label}: ${results.length} turns, load average ${load()}`);
  console.log(
    `  heard: "${first.transcription.transcription}" (${first.transcription.language}, ${first.transcription.engine}); first chunk: "${first.sentenceText}"`,
  );
  console.log(`  end of recording → first audio byte: ${stat('total')}`);
  console.log(`    upload → ids event (stored, transcribed, message accepted): ${stat('ids')}`);
  console.log(`    ids event → first chunk of the reply: ${stat('sentence')}`);
  console.log(`    POST /api/voice/speak (opus) answered: ${stat('speak')}`);
  console.log(`    GET audioUrl → first byte: ${stat('audio')}`);
  return percentile(
    results.map((r) => r.total),
    50,
  );
}

console.log(`voice turn benchmark, ${new Date().toISOString()}, load average ${load()}`);
const wavPerSecond = wav.length / speechSeconds;
const opusPerSecond = webm.length / speechSeconds;
console.log(
  `\nbytes uploaded per second of speech (${speechSeconds.toFixed(2)} s of real speech): Opus/WebM 16 kbit/s mono ${Math.round(opusPerSecond)} B/s (${webm.length} B), WAV 16 kHz mono PCM16 ${Math.round(wavPerSecond)} B/s (${wav.length} B): Opus is 1/${(wavPerSecond / opusPerSecond).toFixed(1)} of WAV (goal ≤ 1/10: ${opusPerSecond * 10 <= wavPerSecond ? 'met' : 'NOT met'})`,
);

const common = {
  LOG_LEVEL: 'error',
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
};
let offlineP50;
{
  const kasa = await startKasa({
    name: 'bench_voice_turn_offline',
    port: 3271,
    embeddedPgPort: 0,
    frontend: false,
    env: {
      ...common,
      DATA_DIR: join(repoRoot, '.data', 'bench_voice_turn_offline'),
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
      TTS_ENGINE: 'offline',
      STT_ENGINE: 'offline',
    },
  });
  try {
    offlineP50 = await measure('offline engines (pocketsphinx, offline chat advisor, eSpeak NG)', kasa);
  } finally {
    await kasa.stop();
  }
}
{
  const server = fork(join(import.meta.dirname, 'openai-server.mjs'), [], {
    env: { ...process.env, RATE: String(rate), SPEECH_FILE: join(work, 'answer.ogg') },
  });
  const port = await new Promise((resolve) => server.once('message', (m) => resolve(m.port)));
  const kasa = await startKasa({
    name: 'bench_voice_turn_loopback',
    port: 3272,
    embeddedPgPort: 0,
    frontend: false,
    env: {
      ...common,
      DATA_DIR: join(repoRoot, '.data', 'bench_voice_turn_loopback'),
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_API_KEY: 'bench',
      CHAT_MODEL: 'bench-model',
      AI_MAX_RETRIES: '0',
    },
  });
  try {
    await measure(
      `loopback OpenAI-compatible servers (transcription, chat at ${rate} words/s, speech: answering at once)`,
      kasa,
    );
  } finally {
    await kasa.stop();
    server.kill('SIGTERM');
  }
}
rmSync(work, { recursive: true, force: true });
console.log(
  `\ngoal: first audio ≤ 2 s p50 offline: ${offlineP50 <= 2000 ? 'met' : 'NOT met'} (${ms(offlineP50)})`,
);
