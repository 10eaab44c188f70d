import type { ResearchSource } from '@kasa/contracts';
import { newRequestId, researchMessageText, summaryParts } from './research-helpers';

const source = (title: string, url: string): ResearchSource => ({ title, url, snippet: '', type: 'web' });

test('summaryParts turns [n] of an existing source into a citation and leaves the rest as text', () => {
  expect(summaryParts('Cocoa needs shade [1]. Prune yearly [2][3]. See [9].', 2)).toEqual([
    { text: 'Cocoa needs shade ' },
    { cite: 1 },
    { text: '. Prune yearly ' },
    { cite: 2 },
    { text: '[3]. See [9].' },
  ]);
  expect(summaryParts('[1]', 1)).toEqual([{ cite: 1 }]);
  expect(summaryParts('No citations [0].', 3)).toEqual([{ text: 'No citations [0].' }]);
});

test('researchMessageText appends the numbered sources', () => {
  const sources = [
    source('Cocoa', 'https://en.wikipedia.org/wiki/Cocoa'),
    source('Shade', 'https://example.org/s'),
  ];
  expect(researchMessageText('Summary [1].', sources, 'Sources:')).toBe(
    'Summary [1].\n\nSources:\n[1] Cocoa — https://en.wikipedia.org/wiki/Cocoa\n[2] Shade — https://example.org/s',
  );
  expect(researchMessageText('Only text.', [], 'Sources:')).toBe('Only text.');
});

test('newRequestId makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const real = globalThis.crypto.randomUUID;
  try {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    const a = newRequestId();
    const b = newRequestId();
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
  } finally {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: real, configurable: true });
  }
});
