import { Box } from '@kasa/ui';

/** A formula's TeX as text: while KaTeX loads, and when it cannot typeset it. */
export function MathSource({ tex, display }: { tex: string; display: boolean }) {
  return (
    <Box
      component="span"
      className="kasa-math-source"
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.9em',
        ...(display ? { display: 'block', my: 1, whiteSpace: 'pre-wrap' } : {}),
      }}
    >
      {tex}
    </Box>
  );
}
