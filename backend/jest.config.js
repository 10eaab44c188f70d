// Backend tests: unit specs beside the code (src/**/*.spec.ts) and integration tests against real
// PostgreSQL and Redis (test/**/*.spec.ts). Decorator metadata is emitted so Nest DI works.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 60000,
  // The integration suites run many API instances in one process; a timer or retry one of them
  // leaves must not keep the run alive once every result is written (a clean-clone run hung here).
  forceExit: true,
};
