import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { LocalModelConfig } from './app-config';

/** The variables the local model comes from (validated for type in environment.ts). */
export interface LocalModelVariables {
  LOCAL_MODEL_PATH?: string;
  LOCAL_MODEL_NAME?: string;
  LOCAL_MODEL_CONTEXT?: number;
  LOCAL_MODEL_THREADS?: number;
  LOCAL_MODEL_PARALLEL?: number;
  LOCAL_MODEL_QUEUE_MAX?: number;
  LOCAL_MODEL_MAX_TOKENS?: number;
}

export interface LocalModelResult {
  model?: LocalModelConfig;
  /** Each names the variable and what to do; the server does not start. */
  problems: string[];
  /** Worth a line in the start-up log (several models and none chosen). */
  notes: string[];
}

/** Where `npm run model:pull` puts models and where one is found without LOCAL_MODEL_PATH. */
export function modelsDir(dataDir: string): string {
  return join(dataDir, 'models');
}

const GGUF_MAGIC = 'GGUF';

/** The file's first four bytes are GGUF's magic (the rest is checked when the model loads). */
function startsLikeGguf(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === GGUF_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** The file's problem as LOCAL_MODEL_PATH's, or null when it may be a model. */
function fileProblem(path: string, variable: string): string | null {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return `${variable}: ${path} is not a file (it must name a .gguf model file)`;
    size = stat.size;
  } catch {
    return `${variable}: there is no file at ${path} (a .gguf model file: docs/operations.md#a-model-in-the-box)`;
  }
  if (size < 4 || !startsLikeGguf(path))
    return `${variable}: ${path} is not a GGUF model file (it does not start with GGUF; llama.cpp models end in .gguf)`;
  return null;
}

/** The *.gguf files of DATA_DIR/models (a download in progress ends in .part and is not one). */
function modelsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.toLowerCase().endsWith('.gguf'))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/** The model's id in messages and the picker: its file name without .gguf, safe as a model id. */
export function localModelId(path: string): string {
  const stem = basename(path).replace(/\.gguf$/i, '');
  return stem.replace(/[\s|;,"'`<>\\]+/g, '-').slice(0, 200) || 'local-model';
}

/**
 * The local chat model: LOCAL_MODEL_PATH, else the one *.gguf file of DATA_DIR/models when no
 * OpenAI-compatible server is set (an operator who set one meant it).
 */
export function localModelConfig(
  vars: LocalModelVariables,
  dataDir: string,
  openAiCompatibleSet: boolean,
): LocalModelResult {
  let path: string | undefined;
  if (vars.LOCAL_MODEL_PATH) {
    path = resolve(vars.LOCAL_MODEL_PATH);
    const problem = fileProblem(path, 'LOCAL_MODEL_PATH');
    if (problem) return { problems: [problem], notes: [] };
  } else if (!openAiCompatibleSet) {
    const found = modelsIn(modelsDir(dataDir));
    if (found.length > 1)
      return {
        problems: [],
        notes: [
          `${found.length} models in ${modelsDir(dataDir)} (${found.map((file) => basename(file)).join(', ')}): set LOCAL_MODEL_PATH to the one the chat should use`,
        ],
      };
    if (found.length === 1) {
      path = found[0];
      const problem = fileProblem(path, `The model file in ${modelsDir(dataDir)}`);
      if (problem) return { problems: [problem], notes: [] };
    }
  }
  if (!path) return { problems: [], notes: [] };
  const id = localModelId(path);
  return {
    model: {
      path,
      id,
      name: vars.LOCAL_MODEL_NAME ?? id.slice(0, 40),
      chosenBy: vars.LOCAL_MODEL_PATH ? 'LOCAL_MODEL_PATH' : 'DATA_DIR/models',
      contextSize: vars.LOCAL_MODEL_CONTEXT ?? 4096,
      // One core left to the API and the database: two threads on two busy cores are slower than one.
      threads: vars.LOCAL_MODEL_THREADS ?? Math.max(1, availableParallelism() - 1),
      parallel: vars.LOCAL_MODEL_PARALLEL ?? 1,
      queueMax: vars.LOCAL_MODEL_QUEUE_MAX ?? 50,
      maxReplyTokens: vars.LOCAL_MODEL_MAX_TOKENS ?? 1024,
    },
    problems: [],
    notes: [],
  };
}
