// One flat config for the whole monorepo: TypeScript everywhere, React hook rules in the frontends.
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
  {
    // The backend's layers, high to low (docs/architecture.md#layers): a lower layer never imports a
    // higher one; it offers a port or a registry instead. Unit specs may reach up to build a module.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: backendLayerZones('./backend/src') }] },
  },
  {
    // The layers of mfe-chat, high to low (docs/architecture.md#frontends): App / bootstrap →
    // screen/ → the UI features (which never import one another) → sending/ → offline/ → shared/
    // and messages.ts. A folder imports its own layer or lower ones; specs and testing/ may reach up.
    files: ['mfe-chat/src/**/*.{ts,tsx}'],
    ignores: ['mfe-chat/src/**/*.spec.{ts,tsx}', 'mfe-chat/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: chatLayerZones('./mfe-chat/src') }] },
  },
);

/** mfe-chat's layer rule as `import-x/no-restricted-paths` zones (see the config block below). */
function chatLayerZones(src) {
  // voice/voice-turn.ts: what a recording hands the send machine (types only), read by sending/ too.
  const lower = ['./offline', './shared', './messages.ts', './voice/voice-turn.ts'];
  const features = [
    'sidebar',
    'conversation',
    'composer',
    'enhancements',
    'quick-actions',
    'payment-options',
    'share',
    'export',
    'voice',
    'farm',
  ];
  return [
    { target: [`${src}/App.tsx`, `${src}/bootstrap.tsx`, `${src}/index.ts`], from: `${src}/testing` },
    {
      target: `${src}/screen`,
      from: src,
      except: ['./screen', ...features.map((f) => `./${f}`), './sending', ...lower],
      message: 'screen/ composes the features; it never imports App or testing/.',
    },
    ...features.map((feature) => ({
      target: `${src}/${feature}`,
      from: src,
      except: [`./${feature}`, './sending', ...lower],
      message: 'A feature imports only itself, sending/, offline/, shared/ and messages.ts.',
    })),
    {
      target: `${src}/sending`,
      from: src,
      except: ['./sending', ...lower],
      message: 'sending/ sits below the features.',
    },
    {
      target: `${src}/offline`,
      from: src,
      except: ['./offline', './shared', './messages.ts'],
      message: 'offline/ sits below sending/.',
    },
    {
      target: `${src}/shared`,
      from: src,
      except: ['./shared', './messages.ts'],
      message: 'shared/ imports nothing of the features.',
    },
  ];
}

/** The backend's layer rule as `import-x/no-restricted-paths` zones (see its config block above). */
function backendLayerZones(src) {
  const composition = [
    'main.ts',
    'worker.ts',
    'app.module.ts',
    'worker.module.ts',
    'app.factory.ts',
    'write-openapi.ts',
    'process-lifecycle.ts',
  ];
  const layers = [
    [
      'chat',
      'media',
      'voice',
      'enhancements',
      'language-tool',
      'farm',
      'weather',
      'account',
      'billing',
      'legal',
      'notifications',
      'dev-outbox',
      'health',
    ],
    ['usage', 'entitlement', 'plans', 'auth', 'users', 'ai', 'mail'],
    [
      'queue',
      'files',
      'processes',
      'database',
      'worker-threads',
      'temp-files',
      'concurrency-limits',
      'idempotent-requests',
      'web',
    ],
    ['common', 'config', 'docs'],
  ];
  const higherThan = (index) =>
    [...composition, ...layers.slice(0, index).flat()].map((name) => `${src}/${name}`);
  // The features sit below the composition roots too. process-lifecycle.ts is left out: a
  // feature's own command-line program (language-tool/population/import-cli.ts) exits through it.
  const roots = composition.filter((name) => name !== 'process-lifecycle.ts').map((name) => `${src}/${name}`);
  return [
    ...layers[0].map((name) => ({
      target: `${src}/${name}`,
      from: roots,
      message: `${name}/ is a feature: the composition roots import it, never the reverse (docs/architecture.md#layers).`,
    })),
    ...layers.slice(1).flatMap((layer, i) =>
      layer.map((name) => ({
        target: `${src}/${name}`,
        from: higherThan(i + 1),
        message: `${name}/ sits below what it imports here; offer a port or a registry instead (docs/architecture.md#layers).`,
      })),
    ),
  ];
}
