import type { Theme } from '@mui/material/styles';

// Colours of highlighted code (highlight.js class names), after GitHub's light and dark themes:
// each reads at 4.5:1 or better on the paper colour of its palette mode.
type Role = 'keyword' | 'title' | 'constant' | 'string' | 'builtIn' | 'comment' | 'tag';

const LIGHT: Record<Role, string> = {
  keyword: '#cf222e',
  title: '#8250df',
  constant: '#0550ae',
  string: '#0a3069',
  builtIn: '#953800',
  comment: '#59636e',
  tag: '#116329',
};

const DARK: Record<Role, string> = {
  keyword: '#ff7b72',
  title: '#d2a8ff',
  constant: '#79c0ff',
  string: '#a5d6ff',
  builtIn: '#ffa657',
  comment: '#9198a1',
  tag: '#7ee787',
};

const CLASSES: Record<Role, string[]> = {
  keyword: ['keyword', 'doctag', 'template-tag', 'template-variable', 'type', 'variable.language_'],
  title: ['title'],
  constant: [
    'attr',
    'attribute',
    'literal',
    'meta',
    'number',
    'operator',
    'variable',
    'selector-attr',
    'selector-class',
    'selector-id',
    'section',
  ],
  string: ['string', 'regexp', 'meta .hljs-string'],
  builtIn: ['built_in', 'symbol', 'bullet'],
  comment: ['comment', 'code', 'formula'],
  tag: ['name', 'quote', 'selector-tag', 'selector-pseudo', 'addition'],
};

/** `sx` for a <pre> holding highlighted code, in the colours of the theme's palette mode. */
export function codeThemeSx(theme: Theme) {
  const colours = theme.palette.mode === 'dark' ? DARK : LIGHT;
  const styles: Record<string, Record<string, string | number>> = {};
  for (const role of Object.keys(CLASSES) as Role[]) {
    // Scoped names (`variable.language_`) are chained classes: <span class="hljs-variable language_">.
    const selector = CLASSES[role].map((name) => `& .hljs-${name}`).join(', ');
    styles[selector] = { color: colours[role] };
  }
  styles['& .hljs-deletion'] = { color: colours.keyword };
  styles['& .hljs-section, & .hljs-strong'] = { fontWeight: 700 };
  styles['& .hljs-emphasis, & .hljs-comment'] = { fontStyle: 'italic' };
  return styles;
}
