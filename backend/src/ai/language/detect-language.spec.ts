import { detectReplyLanguage, wordsOf } from './detect-language';

describe('detectReplyLanguage', () => {
  it.each([
    "Combien coûte l'abonnement Pro ?",
    'Comment planter le maïs pendant la saison des pluies ?',
    'Quelle est la meilleure période pour semer ?',
    'Est-ce que je peux payer avec Orange Money ?',
    'Où trouver des semences de manioc',
    'prix du cacao',
  ])('French: %s', (text) => {
    expect(detectReplyLanguage(text)).toBe('fr');
  });

  it.each([
    'How much does Pro cost?',
    "What's the best time to plant maize?",
    "I don't know how to pay with mobile money",
    'Can I delete my account on my phone?',
    'maize',
    'Abeg, how I fit plant cassava?',
    '',
  ])('English (or not clearly French): %s', (text) => {
    expect(detectReplyLanguage(text)).toBe('en');
  });
});

describe('wordsOf', () => {
  it('splits at non-letters and lower-cases, keeping est-ce', () => {
    expect(wordsOf("L'eau, c'est-ce? Oui: 2,500 XAF")).toEqual([
      'l',
      'eau',
      'c',
      'est-ce',
      'oui',
      '2',
      '500',
      'xaf',
    ]);
  });
});
