/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS launcher, run by plain node */
// Runs a TypeScript file in a child process, compiled on load by SWC (the root workspace's
// compiler, which Jest uses too) with Jest's options (decorator metadata for Nest):
// `node ts-child.cjs <file.ts>`. The compile hook is the one worker threads use from source.
const { resolve } = require('node:path');

require('../../src/worker-threads/ts-register.cjs');
require(resolve(process.argv[2]));
