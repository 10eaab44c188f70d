import { composeOfflineAnswer, OFFLINE_TEXTS, wordGroups } from './offline-advisor.model';

describe('composeOfflineAnswer', () => {
  const hit = {
    source: 'legal',
    title: 'Pricing — Plans [2026]',
    excerpt: 'Pro costs USD 4.\nper month',
    rank: 0.5,
    url: '/legal/pricing',
  };

  it('puts the notice first, then each hit as a linked title and a quote', () => {
    const answer = composeOfflineAnswer('en', 'Kasa', [hit]);
    expect(answer.startsWith(OFFLINE_TEXTS.en.notice('Kasa'))).toBe(true);
    expect(answer).toContain(
      `${OFFLINE_TEXTS.en.found}\n\n**[Pricing — Plans \\[2026\\]](/legal/pricing)**\n> Pro costs USD 4. per month`,
    );
  });

  it('without hits says nothing was found, in the language asked', () => {
    expect(composeOfflineAnswer('fr', 'Kasa', [])).toBe(
      `${OFFLINE_TEXTS.fr.notice('Kasa')}\n\n${OFFLINE_TEXTS.fr.nothing('Kasa')}`,
    );
  });

  it('uses the configured product name', () => {
    expect(composeOfflineAnswer('en', 'Shamba', [])).toContain("Shamba's local knowledge");
  });
});

describe('wordGroups', () => {
  it('splits into groups of words that join back to the exact text', () => {
    const text = '**No AI model** is connected.\n\n> quoted  text';
    const groups = wordGroups(text, 3);
    expect(groups.join('')).toBe(text);
    expect(groups).toEqual(['**No AI model** ', 'is connected.\n\n> ', 'quoted  text']);
  });
});
