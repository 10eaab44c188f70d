/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, run by plain node */
// Loads TypeScript on worker threads when the backend itself runs from source (Jest, the
// integration tests' child processes): each .ts file is compiled on load by SWC, the root
// workspace's compiler, with Jest's options. The built backend (dist/) never loads this file.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
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
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
