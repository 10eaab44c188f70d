import { nounForms, promptNouns, promptWords } from './prompt-nouns';

describe('promptWords', () => {
  it('splits words on punctuation and drops accents and ligatures', () => {
    expect(promptWords("L'ananas, la pastèque! Les œufs")).toEqual([
      'ananas',
      'la',
      'pasteque',
      'les',
      'oeufs',
    ]);
  });
});

describe('promptNouns', () => {
  it('drops the request, stop words and adjectives, English and French', () => {
    expect(promptNouns('Please draw a picture of three big green cocoa pods')).toEqual([
      'three',
      'cocoa',
      'pods',
    ]);
    expect(promptNouns('Dessine-moi une belle chèvre blanche sous la pluie')).toEqual(['chevre', 'pluie']);
  });
});

describe('nounForms', () => {
  it('gives the singulars of English and French plurals', () => {
    expect(nounForms('goats')).toEqual(['goats', 'goat']);
    expect(nounForms('berries')).toContain('berry');
    expect(nounForms('tomatoes')).toContain('tomato');
    expect(nounForms('bunches')).toContain('bunch');
    expect(nounForms('animaux')).toContain('animal');
    expect(nounForms('chevaux')).toContain('cheval');
    expect(nounForms('veaux')).toContain('veau');
    expect(nounForms('oxen')).toContain('ox');
  });

  it('leaves short words alone', () => {
    expect(nounForms('ox')).toEqual(['ox']);
    expect(nounForms('gas')).toEqual(['gas']);
  });
});
