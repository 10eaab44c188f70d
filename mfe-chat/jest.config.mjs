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
    '^.+[\\/]node_modules[\\/](marked|lowlight|devlop)[\\/].+\\.js$': [
      '@swc/jest',
      { jsc: { target: 'es2022' } },
    ],
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
  // The reply renderer's (@kasa/ui/markdown) marked, lowlight and devlop ship ES modules only:
  // compile them to CommonJS like the sources.
  transformIgnorePatterns: ['/node_modules/(?!(marked|lowlight|devlop)/)'],
  moduleNameMapper: {
    '^@kasa/(ui|api-client|contracts)$': path.join(libs, '$1/src/index.ts'),
    '^@kasa/ui/testing$': path.join(libs, 'ui/src/testing/index.ts'),
    '^@kasa/ui/markdown$': path.join(libs, 'ui/src/markdown/index.ts'),
    '^@kasa/ui/safe-url$': path.join(libs, 'ui/src/safe-url.ts'),
    '^@kasa/ui/clipboard$': path.join(libs, 'ui/src/clipboard.ts'),
    '^@kasa/ui/voice-preferences$': path.join(libs, 'ui/src/voice-preferences.ts'),
    '^@kasa/ui/dialog-frame$': path.join(libs, 'ui/src/DialogFrame.tsx'),
    '\\.css$': 'identity-obj-proxy',
  },
  setupFiles: [path.join(libs, 'ui/test/jest.setup.ts'), '<rootDir>/test/jest.setup.ts'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
