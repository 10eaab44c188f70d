// Jest 30 + @swc/jest (TypeScript / TSX, React automatic runtime) in jsdom. Run: npx jest
import path from 'node:path';

const libs = path.join(import.meta.dirname, '../libs');

/** @type {import('jest').Config} */
export default {
  displayName: 'mfe-chat',
  rootDir: import.meta.dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  transform: {
    '^.+[\\/]node_modules[\\/]marked[\\/].+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' } }],
    '^.+\\.[cm]?tsx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  // marked ships ES modules only: compile it to CommonJS like the sources.
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  moduleNameMapper: {
    '^@kasa/(ui|api-client|contracts)$': path.join(libs, '$1/src/index.ts'),
    '^@kasa/ui/testing$': path.join(libs, 'ui/src/testing/index.ts'),
    '\\.css$': 'identity-obj-proxy',
  },
  setupFiles: [path.join(libs, 'ui/test/jest.setup.ts'), '<rootDir>/test/jest.setup.ts'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
