/**
 * @jest-environment node
 */
// Guards the Module Federation sharing rules (docs/architecture.md#frontends) over every frontend
// source file: what is shared as one instance, per-component MUI imports, and the react-router
// exports that the tree-shaken shared copy keeps.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import federationShared from '../../tools/rspack/federation-shared.cjs';

const { SHARED_SINGLETONS, REACT_ROUTER_EXPORTS } = federationShared;
const root = path.resolve(__dirname, '../..');
const SOURCE_DIRS = [
  'frontend-shell',
  'mfe-chat',
  'mfe-studio',
  'mfe-billing',
  'mfe-account',
  'libs/ui',
  'libs/api-client',
].map((dir) => path.join(root, dir, 'src'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface ImportStatement {
  file: string;
  clause: string;
  from: string;
}

function importsOf(file: string): ImportStatement[] {
  const text = readFileSync(file, 'utf8');
  const found: ImportStatement[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    found.push({ file: path.relative(root, file), clause: m[1], from: m[2] });
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ file: path.relative(root, file), clause: '*', from: m[1] });
  return found;
}

const allImports = SOURCE_DIRS.flatMap(sourceFiles).flatMap(importsOf);

test('the scan sees the frontend sources', () => {
  expect(allImports.length).toBeGreaterThan(30);
  expect(allImports.some((i) => i.file.startsWith('mfe-chat/'))).toBe(true);
});

test('react, the router, emotion, TanStack Query and the stateful shared libs are singletons; MUI and the stateless contracts are not', () => {
  for (const name of [
    'react',
    'react-dom',
    'react-router',
    '@emotion/react',
    '@emotion/styled',
    '@tanstack/react-query',
    '@kasa/ui',
    '@kasa/api-client',
  ]) {
    expect(SHARED_SINGLETONS).toContain(name);
  }
  expect(SHARED_SINGLETONS.filter((name) => name.startsWith('@mui/'))).toEqual([]);
  // Types and constants only: each app tree-shakes its own copy.
  expect(SHARED_SINGLETONS).not.toContain('@kasa/contracts');
});

test('MUI is imported per component path, never from the package root', () => {
  const offenders = allImports.filter(
    (i) => i.from === '@mui/material' || i.from === '@mui/icons-material' || i.from === '@mui/system',
  );
  expect(offenders).toEqual([]);
});

test('react-router: only named imports that the shared tree-shaken copy keeps, and no react-router-dom', () => {
  const offenders: string[] = [];
  for (const i of allImports) {
    if (i.from === 'react-router-dom' || i.from.startsWith('react-router/'))
      offenders.push(`${i.file}: ${i.from}`);
    if (i.from !== 'react-router' || /^type\s/.test(i.clause)) continue;
    const named = /^\{([^}]*)\}$/.exec(i.clause.trim());
    if (!named) {
      offenders.push(`${i.file}: import ${i.clause} from 'react-router' (use named imports)`);
      continue;
    }
    for (const part of named[1]
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      const name = part.split(/\s+as\s+/)[0];
      if (!REACT_ROUTER_EXPORTS.includes(name))
        offenders.push(`${i.file}: ${name} is not in REACT_ROUTER_EXPORTS`);
    }
  }
  expect(offenders).toEqual([]);
});
