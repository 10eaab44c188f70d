// Tests of the repository's own tooling (lint rules, build graph): plain Node, no DOM.
/** @type {import('jest').Config} */
export default {
  displayName: 'tools',
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }],
  },
};
