import { DEFAULT_ICON, ICON_FOR_WORD, IRREGULAR_SINGULARS } from './icon-vocabulary';

export const MAX_ICONS = 4;

/** Icons of the set too generic or symbolic to stand for a word of a prompt. */
const NOT_PICTURES = new Set([
  'eye',
  'eyes',
  'ear',
  'nose',
  'leg',
  'foot',
  'plus',
  'memo',
  'zzz',
  'om',
  'leo',
]);

/** Lower case, accents removed (é → e, œ → oe), split on anything that is not a letter or digit. */
export function promptWords(prompt: string): string[] {
  return (
    prompt
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Ligatures have no decomposition: "œufs" would otherwise never match "oeuf".
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 2)
  );
}

/** The forms a word may be listed under: itself, then its singular. */
function candidates(word: string): string[] {
  const forms = [word];
  if (IRREGULAR_SINGULARS[word]) forms.push(IRREGULAR_SINGULARS[word]);
  if (word.endsWith('ies') && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  if (/[sx]$/.test(word) && word.length > 3) forms.push(word.slice(0, -1));
  return forms;
}

/**
 * The icons (1 to MAX_ICONS, distinct, in the prompt's order) that illustrate a prompt: each word
 * is looked up in the English and French vocabulary, else as an icon's own name (`isIcon`); with
 * no match, the default picture frame.
 */
export function chooseIcons(prompt: string, isIcon: (name: string) => boolean): string[] {
  const chosen: string[] = [];
  for (const word of promptWords(prompt)) {
    const icon = iconForWord(word, isIcon);
    if (icon && !chosen.includes(icon)) chosen.push(icon);
    if (chosen.length === MAX_ICONS) break;
  }
  return chosen.length > 0 ? chosen : [DEFAULT_ICON];
}

function iconForWord(word: string, isIcon: (name: string) => boolean): string | undefined {
  const forms = candidates(word);
  for (const form of forms) {
    const icon = ICON_FOR_WORD.get(form);
    if (icon) return icon;
  }
  // Words outside the vocabulary ('lion', 'guitar') still find an icon named after them.
  return forms.find((form) => form.length >= 3 && !NOT_PICTURES.has(form) && isIcon(form));
}
