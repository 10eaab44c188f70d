import { starterTips, TIPS_SHOWN_FIRST } from './tips';

test.each(['en', 'fr'] as const)('13 tips in %s, each with every field, priorities 1 to 13', (language) => {
  const tips = starterTips(language);
  expect(tips).toHaveLength(13);
  expect(TIPS_SHOWN_FIRST).toBe(5);
  expect(tips.map((t) => t.priority)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  expect(new Set(tips.map((t) => t.id)).size).toBe(13);
  for (const tip of tips) {
    expect(Object.keys(tip).sort()).toEqual(['category', 'description', 'id', 'priority', 'prompt', 'title']);
    expect(['productivity', 'analysis', 'learning', 'creative']).toContain(tip.category);
    expect(tip.title.trim()).not.toBe('');
    expect(tip.description.trim()).not.toBe('');
    expect(tip.prompt.length).toBeGreaterThan(20);
  }
  expect(new Set(tips.map((t) => t.category)).size).toBe(4);
});

test('the tips are the same in both languages, only the words differ', () => {
  const en = starterTips('en');
  const fr = starterTips('fr');
  expect(fr.map((t) => [t.id, t.category, t.priority])).toEqual(
    en.map((t) => [t.id, t.category, t.priority]),
  );
  en.forEach((tip, i) => expect(fr[i].prompt).not.toBe(tip.prompt));
});
