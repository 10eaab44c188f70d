// `npm run model:pull [name]`: downloads a recommended GGUF chat model into DATA_DIR/models, where
// `npm start` finds it. Node built-ins only: it runs right after `npm install`, before any build.
// Only an operator runs it; nothing is ever downloaded when Kasa starts.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog, defaultModelName, findModel } from './catalog.mjs';
import { downloadResumably, savedMessage } from './download.mjs';
import { sha256OfFile } from './file-hash.mjs';
import { fileUrl, hubUrl, publishedFile, PullError } from './hub.mjs';
import { createProgress, humanSize } from './progress.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const EXIT_INTERRUPTED = 130;

// Piped into `head` or a closed terminal: the reader left, which is no failure of the download.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

function say(message) {
  process.stdout.write(`${message}\n`);
}

function complain(message) {
  process.stderr.write(`${message}\n`);
}

function helpText() {
  return `Downloads a recommended GGUF chat model for Kasa's built-in local model.

Usage: npm run model:pull                 the default model (${defaultModelName})
       npm run model:pull -- <name>       one of: ${catalog.map((model) => model.name).join(', ')}
       npm run model:pull -- --list       the models: size, memory, languages, licence
       npm run model:pull -- --help       this help

The file goes to DATA_DIR/models. A stopped download resumes where it stopped when you run the
same command again, and the file is installed only once its SHA-256 matches the one the hub
publishes.

Environment:
  DATA_DIR        Kasa's data folder (default: .data in the repository)
  MODEL_HUB_URL   the model hub, or a mirror of it (default: https://huggingface.co)`;
}

function catalogTable() {
  const header = ['name', 'model', 'download', 'RAM', 'languages', 'licence'];
  const rows = catalog.map((model) => [
    model.name === defaultModelName ? `${model.name} (default)` : model.name,
    model.title,
    model.download,
    model.ram,
    model.languages,
    model.licence.name,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const notes = catalog.map((model) => `  ${model.name}: ${model.why}`);
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    'All are 4-bit (Q4_K_M) files. RAM: the memory each needs while it answers, with the default',
    '4,096-token context.',
    ...notes,
  ].join('\n');
}

/** @returns {{ help: boolean, list: boolean, name: string }} */
function parseArguments(args) {
  const options = { help: false, list: false, name: defaultModelName };
  const names = [];
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--list') options.list = true;
    else if (arg.startsWith('-')) usageError(`Unknown option ${arg}.`);
    else names.push(arg);
  }
  if (names.length > 1) usageError(`One model at a time (got ${names.join(', ')}).`);
  if (names.length) options.name = names[0];
  return options;
}

function usageError(message) {
  complain(`${message}\n\n${catalogTable()}\n\nUsage: npm run model:pull -- <name>   (--help for more)`);
  process.exit(EXIT_USAGE);
}

/** As the API resolves it: against the working directory, which `npm run` sets to the repository. */
function dataDirFrom(env) {
  return env.DATA_DIR ? resolve(env.DATA_DIR) : join(repoRoot, '.data');
}

function ggufFilesIn(dir) {
  return readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.gguf'))
    .sort();
}

/** How `npm start` will pick the model up, given what else is configured or in the folder. */
function nextSteps(model, modelPath, modelsDir, env) {
  const otherModels = ggufFilesIn(modelsDir).filter((name) => name !== model.file);
  const openAiSet = Boolean(env.OPENAI_BASE_URL || env.OPENAI_API_KEY);
  const lines = [];
  if (env.LOCAL_MODEL_PATH && resolve(env.LOCAL_MODEL_PATH) === modelPath) {
    lines.push('LOCAL_MODEL_PATH names this file: `npm start` uses it.');
  } else if (env.LOCAL_MODEL_PATH) {
    lines.push(
      `LOCAL_MODEL_PATH names another file (${env.LOCAL_MODEL_PATH}): to use this one, start with`,
      `  LOCAL_MODEL_PATH=${modelPath} npm start`,
    );
  } else if (otherModels.length) {
    lines.push(
      `Other models are in ${modelsDir} too (${otherModels.join(', ')}), so \`npm start\` uses none of them`,
      'until you name one. To use this one, start with',
      `  LOCAL_MODEL_PATH=${modelPath} npm start`,
    );
  } else if (openAiSet) {
    lines.push(
      'OPENAI_BASE_URL or OPENAI_API_KEY is set, so `npm start` uses that server. To use this model',
      `instead, unset them, or start with LOCAL_MODEL_PATH=${modelPath} npm start`,
    );
  } else {
    lines.push(
      `Next: \`npm start\` uses it, as the only .gguf file in ${modelsDir}, as long as neither`,
      `OPENAI_BASE_URL nor OPENAI_API_KEY is set (otherwise set LOCAL_MODEL_PATH=${modelPath}).`,
    );
  }
  lines.push(
    `It needs about ${model.ram} of free memory while it answers.`,
    `Licence: ${model.licence.name} (${model.licence.url}). Using the model means accepting it.`,
  );
  return lines.join('\n');
}

/** Whether the installed file is the published one (hashed only when the size already matches). */
async function alreadyInstalled(modelPath, published) {
  if (!existsSync(modelPath)) return false;
  if (statSync(modelPath).size === published.size) {
    say(`Checking ${modelPath}, already there...`);
    if ((await sha256OfFile(modelPath)) === published.sha256) return true;
  }
  say(`${modelPath} is not the published file (another version, or damaged): downloading it again.`);
  return false;
}

async function pull(model, env) {
  const hub = hubUrl(env);
  const modelsDir = join(dataDirFrom(env), 'models');
  const modelPath = join(modelsDir, model.file);
  const partPath = `${modelPath}.part`;

  say(`${model.title}: ${model.file} from ${hub}/${model.repo}`);
  const published = await publishedFile(hub, model.repo, model.file);
  mkdirSync(modelsDir, { recursive: true });

  if (await alreadyInstalled(modelPath, published)) {
    say(`${model.file} is already downloaded and matches the published SHA-256: nothing to do.\n`);
    say(nextSteps(model, modelPath, modelsDir, env));
    return;
  }

  const progress = createProgress({ total: published.size });
  const stop = () => {
    progress.finish();
    complain(`Stopped. ${savedMessage(partPath, published.size)}`);
    process.exit(EXIT_INTERRUPTED);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  say(`Downloading ${humanSize(published.size)} to ${partPath}`);
  const sha256 = await downloadResumably({
    url: fileUrl(hub, model.repo, model.file),
    partPath,
    size: published.size,
    progress,
    log: say,
    // Tests shorten the pauses between retries; operators have no reason to.
    firstPauseMs: Number(env.MODEL_PULL_RETRY_PAUSE_MS) || undefined,
  });
  const savedSize = statSync(partPath).size;
  if (sha256 !== published.sha256 || savedSize !== published.size) {
    rmSync(partPath, { force: true });
    throw new PullError(
      [
        `The downloaded file does not match the published one, so it was deleted and nothing was installed.`,
        `  expected SHA-256 ${published.sha256} (${published.size} bytes)`,
        `  got      SHA-256 ${sha256} (${savedSize} bytes)`,
        'Run the command again; if it fails the same way, the hub or a proxy in between serves another file.',
      ].join('\n'),
    );
  }
  renameSync(partPath, modelPath);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  say(`Installed ${modelPath} (${humanSize(published.size)}, SHA-256 checked).\n`);
  say(nextSteps(model, modelPath, modelsDir, env));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  if (options.help) return say(helpText());
  if (options.list) return say(catalogTable());
  const model = findModel(options.name);
  if (!model) usageError(`There is no model named '${options.name}' here.`);
  try {
    await pull(model, process.env);
  } catch (error) {
    if (!(error instanceof PullError)) throw error;
    complain(error.message);
    process.exitCode = EXIT_FAILED;
  }
}

await main();
