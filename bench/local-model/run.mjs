// bench/local-model: what a GGUF chat model costs on this machine when Kasa's API runs it
// (docs/operations.md#a-model-in-the-box). The model is loaded through the API's own adapter
// (LocalChatModel from backend/dist, its model host a child process), with the settings the API
// would use for LOCAL_MODEL_PATH. Prints:
//   1. the load time (start() until the host is ready);
//   2. one chat alone, then 4 chats sent at once (a farming question each, after the API's system
//      prompt): per chat the time to the first text chunk (sent → first chunk, the wait in the
//      line included, and that wait apart), the tokens per second while writing, and the
//      tokens per second of all the batch's replies together; medians over --runs;
//   3. the peak resident memory (VmHWM) of the model host and of this process, the load average
//      before and after, and the machine (cores, the model file's size, node-llama-cpp).
// Figures only, never a test.
//
//   npm run bench:local-model -- <path/to/model.gguf> [--threads N] [--context N] [--parallel N]
//     [--max-tokens N] [--runs N] [--no-build]
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chatBatch } from './chats.mjs';
import { childRunning, peakRssMb } from './memory.mjs';
import { nodeLlamaCpp, tokenCounter } from './tokens.mjs';

const USAGE = `usage: npm run bench:local-model -- <path/to/model.gguf> [--threads N] [--context N] [--parallel N] [--max-tokens N] [--runs N] [--no-build]

  --threads     CPU threads of the model (default: the API's, the cores less one, at least 1)
  --context     tokens of context (default 4096, the API's)
  --parallel    replies written at once (default 1, the API's); the others wait in line
  --max-tokens  longest reply in tokens (default 256)
  --runs        runs to take the median of (default 3)
  --no-build    use backend/dist as it is

No model yet? \`npm run model:pull\` downloads the recommended one into DATA_DIR/models
(see docs/operations.md, "A model in the box"); any llama.cpp .gguf chat model works.`;

const VALUED = ['threads', 'context', 'parallel', 'max-tokens', 'runs'];

function usage(problem) {
  if (problem) console.error(`${problem}\n`);
  console.error(USAGE);
  process.exit(2);
}

function parseArguments(argv) {
  const options = {};
  let modelPath;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--no-build') options.noBuild = true;
    else if (arg === '--help' || arg === '-h') usage();
    else if (arg.startsWith('--')) {
      const name = arg.slice(2);
      if (!VALUED.includes(name)) usage(`unknown option ${arg}`);
      const value = Number(argv[i + 1]);
      if (!Number.isInteger(value) || value < 1) usage(`${arg} needs a whole number of at least 1`);
      options[name] = value;
      i += 1;
    } else if (modelPath) usage(`one model at a time (${modelPath}, then ${arg})`);
    else modelPath = arg;
  }
  if (!modelPath) usage('which model? Give the path of a .gguf file.');
  return { modelPath, ...options };
}

const repoRoot = join(import.meta.dirname, '..', '..');
const args = parseArguments(process.argv.slice(2));
const runs = args.runs ?? 3;
const CONCURRENT_CHATS = 4;
const QUESTIONS = [
  'When should I plant maize in the rainy season?',
  'How far apart should I plant beans?',
  'What can I do about fall armyworm in my maize field?',
  'How do I store cassava after harvest so it does not rot?',
];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : 'n/a');
const rate = (value) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const mb = (value) => (Number.isFinite(value) ? `${Math.round(value)} MB` : 'n/a');
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

console.log(`local model benchmark, ${new Date().toISOString()}, load average ${load()}`);

if (!args.noBuild) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const requireFromDist = createRequire(join(repoRoot, 'backend', 'dist', 'main.js'));
let dist;
try {
  dist = {
    ...requireFromDist('./config/local-model.js'),
    ...requireFromDist('./ai/local/local-chat.model.js'),
    ...requireFromDist('./chat/prompt/build-chat-prompt.js'),
  };
} catch (error) {
  console.error(`backend/dist is missing or incomplete (${error.message}): leave out --no-build.`);
  process.exit(1);
}

// The settings as the API derives them from LOCAL_MODEL_* (defaults included), but for the
// reply length: 256 keeps a run short where the API allows 1,024.
const { model: config, problems } = dist.localModelConfig(
  {
    // npm runs the script in bench/ or the repository's root: a relative path is the caller's.
    LOCAL_MODEL_PATH: resolve(process.env.INIT_CWD ?? process.cwd(), args.modelPath),
    LOCAL_MODEL_CONTEXT: args.context,
    LOCAL_MODEL_THREADS: args.threads,
    LOCAL_MODEL_PARALLEL: args.parallel,
    LOCAL_MODEL_MAX_TOKENS: args['max-tokens'] ?? 256,
  },
  tmpdir(),
  true,
);
if (!config) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const llamaPackage = nodeLlamaCpp(repoRoot);
const modelBytes = statSync(config.path).size;
const modelSize =
  modelBytes >= 1024 ** 3
    ? `${(modelBytes / 1024 ** 3).toFixed(2)} GB`
    : `${(modelBytes / 1024 ** 2).toFixed(modelBytes >= 1024 ** 2 ? 0 : 2)} MB`;
console.log(
  `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, node-llama-cpp ${llamaPackage.version}`,
);
console.log(`model: ${config.path} (${modelSize}), id ${config.id}`);
console.log(
  `settings: context ${config.contextSize} tokens, ${config.threads} thread(s), ${config.parallel} reply at once (the others wait in line), at most ${config.maxReplyTokens} tokens a reply, median of ${runs} run(s)`,
);

const systemPrompt = dist.fixedSystemPrompt('Kasa', 'Kasa');
const model = new dist.LocalChatModel(config);
const loadBefore = load();
const loadStart = performance.now();
try {
  await model.start();
} catch (error) {
  console.error(`The model did not load: ${error instanceof Error ? error.message : String(error)}`);
  await model.onModuleDestroy();
  process.exit(1);
}
const loadMs = performance.now() - loadStart;
console.log(`load: ${ms(loadMs)} (start() until the host was ready), load average before ${loadBefore}`);

// The first reply after loading pays once for what loading left to do (the weights are mapped,
// not read, until they are used): shown on its own, not in the medians.
const [warmUp] = await chatBatch(model, systemPrompt, QUESTIONS.slice(0, 1));
if (warmUp.error) {
  console.error(`The first reply failed: ${warmUp.error}`);
  await model.onModuleDestroy();
  process.exit(1);
}
console.log(`warm-up reply done: first chunk after ${ms(warmUp.firstChunkAt - warmUp.sentAt)}`);

const batches = { single: [], concurrent: [] };
for (let run = 1; run <= runs; run += 1) {
  batches.single.push(await chatBatch(model, systemPrompt, QUESTIONS.slice(0, 1)));
  batches.concurrent.push(await chatBatch(model, systemPrompt, QUESTIONS.slice(0, CONCURRENT_CHATS)));
  console.log(`run ${run}/${runs} done, load average ${load()}`);
}

const loadAfter = load();
const hostPid = childRunning('local-model-host');
const hostPeak = hostPid ? peakRssMb(hostPid) : NaN;
const benchPeak = peakRssMb(process.pid);
await model.onModuleDestroy();

const tokens = await tokenCounter(llamaPackage.entry, config.path);
const countOf = (result) => (tokens.count ? tokens.count(result.text) : result.chunks);

function figures(result) {
  const count = countOf(result);
  const writingSeconds = (result.lastChunkAt - result.firstChunkAt) / 1000;
  return {
    count,
    chunks: result.chunks,
    firstChunk: result.firstChunkAt - result.sentAt,
    inLine: result.startedAt - result.sentAt,
    // The first token's time is the first chunk's; the rest were written after it.
    writingRate: count > 1 && writingSeconds > 0 ? (count - 1) / writingSeconds : NaN,
  };
}

function batchRate(results) {
  const total = results.reduce((sum, result) => sum + countOf(result), 0);
  const first = Math.min(...results.map((result) => result.sentAt));
  const last = Math.max(...results.map((result) => result.endAt));
  return { total, seconds: (last - first) / 1000, rate: total / ((last - first) / 1000) };
}

const unit = tokens.count ? 'tokens' : 'chunks';
let failures = 0;
function report(title, runsOfBatch) {
  console.log(`\n${title}, median of ${runsOfBatch.length} run(s):`);
  const chats = runsOfBatch[0].length;
  for (let chat = 0; chat < chats; chat += 1) {
    const ofChat = runsOfBatch.map((results) => results[chat]);
    for (const result of ofChat.filter((each) => each.error)) {
      failures += 1;
      console.log(`  FAILED: "${result.question}": ${result.error}`);
    }
    const each = ofChat.filter((result) => !result.error).map(figures);
    if (!each.length) continue;
    const of = (key) => median(each.map((figure) => figure[key]));
    console.log(
      `  "${ofChat[0].question}": first chunk ${ms(of('firstChunk'))} after sending (${ms(of('inLine'))} of it waiting in line), ${Math.round(of('count'))} ${unit}${tokens.count ? ` (${Math.round(of('chunks'))} chunks)` : ''} written at ${rate(of('writingRate'))} ${unit}/s`,
    );
  }
  const together = runsOfBatch.map(batchRate);
  console.log(
    `  ${chats > 1 ? `all ${chats} together` : 'overall'} (first sent → last ended): ${Math.round(median(together.map((each) => each.total)))} ${unit} in ${median(together.map((each) => each.seconds)).toFixed(1)} s, ${rate(median(together.map((each) => each.rate)))} ${unit}/s`,
  );
}

const warm = figures(warmUp);
console.log(
  `\nwarm-up (the first reply after loading, not in the medians): first chunk ${ms(warm.firstChunk)}, ${warm.count} ${unit}${tokens.count ? ` (${warm.chunks} chunks)` : ''} written at ${rate(warm.writingRate)} ${unit}/s`,
);
report('1 chat', batches.single);
report(`${CONCURRENT_CHATS} chats sent at once`, batches.concurrent);
console.log(
  `\nwaiting in line: from sending until the reply ahead of it ended (the host starts the next waiting reply then; it does not say so itself)`,
);
console.log(`counted: ${tokens.how}`);
console.log(
  `peak resident memory (VmHWM): model host ${mb(hostPeak)}${hostPid ? '' : ' (host process not found)'} (the mapped model file's pages in memory count), this process ${mb(benchPeak)}`,
);
console.log(`load average: before loading ${loadBefore}, after the runs ${loadAfter}`);
await tokens.close();

if (failures) {
  console.error(`\n${failures} chat(s) failed: their figures are left out.`);
  process.exit(1);
}
