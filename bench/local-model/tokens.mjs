// Counts a reply's tokens with the model's own tokenizer: the file loaded again in this process
// with its vocabulary only (no weights), through the node-llama-cpp the backend runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The backend's node-llama-cpp: its entry file and its version. */
export function nodeLlamaCpp(repoRoot) {
  const entry = createRequire(join(repoRoot, 'backend', 'package.json')).resolve('node-llama-cpp');
  // The package does not export its package.json: walk up from the entry to it.
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest.name === 'node-llama-cpp') return { entry, version: manifest.version };
    } catch {
      /* no package.json at this level */
    }
  }
  return { entry, version: 'unknown' };
}

/**
 * `{ count(text), how, close() }`: `how` says what a count is. When the vocabulary cannot be
 * loaded, `count` is undefined and the caller counts streamed chunks instead.
 */
export async function tokenCounter(entry, modelPath) {
  try {
    const { getLlama } = await import(pathToFileURL(entry).href);
    const llama = await getLlama({ gpu: false, build: 'never' });
    const model = await llama.loadModel({ modelPath, vocabOnly: true });
    return {
      count: (text) => model.tokenize(text).length,
      how: "the reply's text tokenized again by the model's own tokenizer (vocabOnly); text that does not decode cleanly (stray bytes) counts a few more tokens than were generated",
      close: async () => {
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (error) {
    return {
      count: undefined,
      how: `streamed chunks, NOT tokens: the model's tokenizer could not be loaded (${error instanceof Error ? error.message : String(error)}); a chunk may hold several tokens`,
      close: async () => {},
    };
  }
}
