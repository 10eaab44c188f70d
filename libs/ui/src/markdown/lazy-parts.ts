// The renderer's heavy parts, each in its own chunk, fetched the first time a reply needs it: the
// highlighter for a code block with a language, KaTeX (with its stylesheet) for maths. A reply of
// plain text downloads neither.

export type HeavyPart = 'highlighter' | 'katex';

const requested = new Set<HeavyPart>();

/** The heavy parts this page has asked for so far (what a test checks a plain reply does not load). */
export function requestedHeavyParts(): ReadonlySet<HeavyPart> {
  return requested;
}

export function loadHighlighter() {
  requested.add('highlighter');
  return import('./highlight/HighlightedCode');
}

export function loadKatex() {
  requested.add('katex');
  return import('./math/KatexFormula');
}
