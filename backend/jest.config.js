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
  // A safety net: a handle a suite leaks must not keep the run alive once every result is written.
  // (A clean-clone run once hung here on a socket the outage proxy reset mid-close; the proxy now
  // cuts such sockets safely, test/support/tcp-proxy.ts, and tcp-proxy.spec.ts guards it.)
  forceExit: true,
};
