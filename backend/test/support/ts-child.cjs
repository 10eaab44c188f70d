/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS launcher, run by plain node */
// Runs a TypeScript file in a child process, compiled on load by SWC (the root workspace's
// compiler, which Jest uses too) with Jest's options (decorator metadata for Nest):
// `node ts-child.cjs <file.ts>`.
const Module = require('node:module');
const { resolve } = require('node:path');
// eslint-disable-next-line import-x/no-extraneous-dependencies -- a root devDependency (Jest's compiler)
const { transformSync } = require('@swc/core');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(require('node:fs').readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};

require(resolve(process.argv[2]));
