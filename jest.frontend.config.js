// Every frontend component / unit test in one run, plus the tests of the repository's tooling:
// `npx jest -c jest.frontend.config.js --ci`. Each workspace keeps its own config (Jest 30,
// @swc/jest, jsdom for components); this file only lists them.
/** @type {import('jest').Config} */
module.exports = {
  projects: [
    '<rootDir>/frontend-shell/jest.config.mjs',
    '<rootDir>/mfe-chat/jest.config.mjs',
    '<rootDir>/mfe-studio/jest.config.mjs',
    '<rootDir>/mfe-billing/jest.config.mjs',
    '<rootDir>/mfe-account/jest.config.mjs',
    '<rootDir>/libs/ui/jest.config.mjs',
    '<rootDir>/libs/api-client/jest.config.mjs',
    '<rootDir>/tools/jest.config.mjs',
  ],
};
