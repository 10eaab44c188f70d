// The application's first-screen chunks (docs/architecture.md#first-screen-chunks): the chunks that
// every start of the application loads before it can render, requested by index.html's loader
// together with main.js instead of by the Module Federation runtime once main.js has run. Without
// the list, the start is a chain of round trips (main.js, then the shared singletons main.js asks
// for, then the modules src/boot/first-modules.ts imports) and main.js's own task appends a
// <script> per chunk.

/** Whether a chunk group's origin is one every start of the application resolves. */
function isFirstScreenOrigin(origin) {
  // The shell's own copy of each shared singleton: with 'loaded-first' the shell provides them all,
  // and its start uses every one (react, react-dom, the router, emotion, React Query, @kasa/*).
  if (origin.moduleName?.startsWith('provide shared module')) return true;
  // src/index.ts's `import('./bootstrap')`, the start itself.
  return /(^|\/)src\/index\.ts$/.test(origin.moduleName ?? '') && origin.request === './bootstrap';
}

/**
 * The chunk files of the first screen, from the compilation's chunk graph. A consumer's own
 * fallback copy of a shared module (a "consume shared module" origin) is not included: the shell's
 * provided copy satisfies every consumer.
 */
export function firstScreenFiles(chunks) {
  const files = new Set();
  for (const chunk of chunks) {
    if (chunk.initial) continue; // main.js: the loader requests it already.
    if (!chunk.origins.some(isFirstScreenOrigin)) continue;
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

/**
 * Fills `output.scripts` (public URLs) while the shell's compilation processes its assets, before
 * the HTML plugin writes index.html (templateParameters reads it then).
 */
export class FirstScreenChunksPlugin {
  constructor(output, publicPath = '/') {
    this.output = output;
    this.publicPath = publicPath;
  }

  apply(compiler) {
    const { Compilation } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('FirstScreenChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstScreenChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS },
        () => {
          const { chunks } = compilation.getStats().toJson({
            all: false,
            chunks: true,
            chunkOrigins: true,
            ids: true,
          });
          this.output.scripts = firstScreenFiles(chunks ?? []).map((file) => `${this.publicPath}${file}`);
        },
      );
    });
  }
}
