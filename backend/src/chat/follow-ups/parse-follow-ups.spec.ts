import { FOLLOW_UP_MAX_LENGTH, parseFollowUps } from './parse-follow-ups';

describe('parseFollowUps', () => {
  it('takes one suggestion per line', () => {
    expect(
      parseFollowUps(
        'When should I apply fertiliser?\nWhich maize variety suits dry soil?\nHow deep do I plant?',
      ),
    ).toEqual([
      'When should I apply fertiliser?',
      'Which maize variety suits dry soil?',
      'How deep do I plant?',
    ]);
  });

  it('strips numbering, bullets, quotes and emphasis, in any combination', () => {
    expect(
      parseFollowUps(
        [
          '1. "How much water do tomatoes need?"',
          '2) **What pests attack tomatoes?**',
          '- “Can I grow them in pots?”',
          '* «Quand faut-il récolter ?»',
          '(5) `Where do I buy seeds?`',
          '**3. Is mulch useful?**',
          'Q7: Should I prune them?',
          '• Une question avec puce ?',
          '10 - How long until harvest?',
        ].join('\n'),
      ),
    ).toEqual([
      'How much water do tomatoes need?',
      'What pests attack tomatoes?',
      'Can I grow them in pots?',
    ]);
    expect(
      parseFollowUps('* «Quand faut-il récolter ?»\n(5) `Where do I buy seeds?`\n**3. Is mulch useful?**'),
    ).toEqual(['Quand faut-il récolter ?', 'Where do I buy seeds?', 'Is mulch useful?']);
    expect(
      parseFollowUps('Q7: Should I prune them?\n• Une question avec puce ?\n10 - How long until harvest?'),
    ).toEqual(['Should I prune them?', 'Une question avec puce ?', 'How long until harvest?']);
  });

  it('keeps a number that belongs to the question', () => {
    expect(parseFollowUps('2024 prices for cocoa?\n3 bags per hectare, is that enough?')).toEqual([
      '2024 prices for cocoa?',
      '3 bags per hectare, is that enough?',
    ]);
  });

  it('drops empty lines, introductions, overlong lines and duplicates (ignoring case)', () => {
    const overlong = `${'x'.repeat(FOLLOW_UP_MAX_LENGTH)}?`;
    expect(
      parseFollowUps(
        `Here are three follow-up questions:\n\n   \n${overlong}\n- How do I store yams?\n2. how do I store yams?\n3. What about cassava?`,
      ),
    ).toEqual(['How do I store yams?', 'What about cassava?']);
    expect(parseFollowUps('x'.repeat(FOLLOW_UP_MAX_LENGTH))).toEqual(['x'.repeat(FOLLOW_UP_MAX_LENGTH)]);
  });

  it('keeps at most three', () => {
    expect(parseFollowUps('A?\nB?\nC?\nD?\nE?')).toEqual(['A?', 'B?', 'C?']);
  });

  it("leaves out a reasoning model's thinking, finished or cut", () => {
    expect(
      parseFollowUps('<think>\nThe user asked about goats.\n</think>\nHow often should goats be dewormed?'),
    ).toEqual(['How often should goats be dewormed?']);
    expect(parseFollowUps('<think>The user asked about goats, so')).toEqual([]);
  });

  it('answers nothing for an empty or blank answer, and collapses spaces inside a line', () => {
    expect(parseFollowUps('')).toEqual([]);
    expect(parseFollowUps(' \n\t\n')).toEqual([]);
    expect(parseFollowUps('  What   is\tbest ?  \r\nNext?')).toEqual(['What is best ?', 'Next?']);
  });
});
