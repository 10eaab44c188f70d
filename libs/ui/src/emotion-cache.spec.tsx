import { render, screen } from '@testing-library/react';
import Box from '@mui/material/Box';
import { KasaUiProvider } from './KasaUiProvider';

/** The rules the provider's emotion cache inserted (with insertRule, as in production). */
const kasaCss = () =>
  [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="kcss"]')]
    .flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText))
    .join('\n');

test('MUI styles below KasaUiProvider go through its cache, with only the prefixes a phone needs', () => {
  render(
    <KasaUiProvider>
      <Box
        data-testid="styled"
        sx={{
          display: 'flex',
          userSelect: 'none',
          transition: 'opacity 1s',
          '&::placeholder': { color: 'red' },
        }}
      />
      <Box sx={{ backgroundClip: 'text', appearance: 'none' }} />
    </KasaUiProvider>,
  );
  expect(screen.getByTestId('styled').className).toMatch(/\bkcss-/);
  const css = kasaCss();
  expect(css).toContain('-webkit-user-select: none; user-select: none;');
  expect(css).toContain('-webkit-background-clip: text; background-clip: text;');
  expect(css).toContain('-webkit-appearance: none; appearance: none;');
  // stylis's full prefixer would write -webkit-box / -ms-flexbox, -webkit-transition and the
  // vendor placeholders: rules for browsers Kasa does not serve.
  expect(css).toContain('{display: flex;');
  expect(css).not.toMatch(/-webkit-box|-ms-|-webkit-transition|-moz-placeholder|-webkit-input-placeholder/);
});
