import { lazy } from 'react';
import { LazyPartBoundary } from '../LazyPartBoundary';
import { loadKatex } from '../lazy-parts';
import { MathSource } from './MathSource';

const KatexFormula = lazy(loadKatex);

/** A formula of a reply: its source until KaTeX has loaded, then typeset. */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  return (
    <LazyPartBoundary fallback={<MathSource tex={tex} display={display} />}>
      <KatexFormula tex={tex} display={display} />
    </LazyPartBoundary>
  );
}
