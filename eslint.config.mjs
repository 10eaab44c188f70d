// One flat config for the whole monorepo: TypeScript everywhere, React hook rules in the frontends.
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/.nx/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every workspace declares what it imports (its nearest package.json), types included: an
    // undeclared workspace package is missing from Nx's build graph, so a cold build fails.
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { includeTypes: true, peerDependencies: true, devDependencies: true, optionalDependencies: false },
      ],
    },
  },
  {
    files: ['frontend-shell/**/*.tsx', 'mfe-*/**/*.tsx', 'libs/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
