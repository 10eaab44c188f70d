import { createTheme } from '@mui/material/styles';
import { codeThemeSx } from './code-theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

test.each(['light', 'dark'] as const)('every code colour reads at 4.5:1 on the %s paper', (mode) => {
  const theme = createTheme({ palette: { mode } });
  const colours = Object.values(codeThemeSx(theme))
    .map((style) => style.color)
    .filter((colour): colour is string => typeof colour === 'string');
  expect(colours.length).toBeGreaterThanOrEqual(7);
  const tooFaint = colours.filter((colour) => contrast(colour, theme.palette.background.paper) < 4.5);
  expect(tooFaint).toEqual([]);
});

test('light and dark modes have their own colours', () => {
  const light = codeThemeSx(createTheme({ palette: { mode: 'light' } }));
  const dark = codeThemeSx(createTheme({ palette: { mode: 'dark' } }));
  const keyword = Object.keys(light).find((selector) => selector.includes('.hljs-keyword'))!;
  expect(light[keyword].color).not.toBe(dark[keyword].color);
});
