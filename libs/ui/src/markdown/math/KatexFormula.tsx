// KaTeX's lazy chunk, with its stylesheet (its fonts are fetched by the browser only for the glyphs
// a formula shows).
import { memo, useMemo } from 'react';
import katex from 'katex';
import { Box } from '@kasa/ui';
import { addKatexStylesheet } from './katex-stylesheet';
import { MathSource } from './MathSource';

// When the chunk loads, before its first formula is shown: no flash of unstyled maths.
addKatexStylesheet();

/** Longer TeX is shown as its source: a reply's formula is a line or two, never pages. */
const MAX_TEX_LENGTH = 4000;

const KATEX_OPTIONS = {
  // A bad formula renders as its own source (marked as an error) instead of throwing.
  throwOnError: false,
  // No \href, \url, \includegraphics, \htmlClass, \htmlId, \htmlStyle, \htmlData: no links,
  // images, classes, ids or styles from the reply's text.
  trust: false,
  strict: 'ignore',
  // Bounded work and size, whatever macros a reply holds.
  maxExpand: 500,
  maxSize: 20,
  output: 'htmlAndMathml',
} as const;

function renderTex(tex: string, display: boolean): string | null {
  if (tex.length > MAX_TEX_LENGTH) return null;
  try {
    return katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
  } catch {
    return null;
  }
}

/** One formula, typeset. */
export const KatexFormula = memo(function KatexFormula({ tex, display }: { tex: string; display: boolean }) {
  const html = useMemo(() => renderTex(tex, display), [tex, display]);
  if (html === null) return <MathSource tex={tex} display={display} />;
  return (
    <Box
      component="span"
      className="kasa-math"
      // The one place the renderer injects HTML. It is safe because KaTeX writes it from its own
      // parse of the TeX: every piece of the reply's text is escaped, and with `trust: false` no
      // command can emit a link, image, class, id or style taken from the text (\color only takes
      // a colour name or hex value). See https://katex.org/docs/security.
      dangerouslySetInnerHTML={{ __html: html }}
      sx={
        display
          ? { display: 'block', my: 1, overflowX: 'auto', overflowY: 'hidden', '& .katex-display': { m: 0 } }
          : undefined
      }
    />
  );
});

export default KatexFormula;
