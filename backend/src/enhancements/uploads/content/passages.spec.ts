import { cleanText, PASSAGE_TARGET_CHARS, toPassages } from './passages';

describe('toPassages', () => {
  it('gathers short paragraphs into passages of about 1,500 characters, in order', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}. ${'word '.repeat(40).trim()}`);
    const passages = toPassages(paragraphs.join('\n\n'));
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(PASSAGE_TARGET_CHARS);
    expect(passages.join('\n\n')).toBe(paragraphs.join('\n\n'));
  });

  it('cuts a long paragraph between sentences, and a sentence without ends between words', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about the rains.`);
    const passages = toPassages(sentences.join(' '));
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(PASSAGE_TARGET_CHARS);
      expect(passage).toMatch(/^Sentence number \d+/);
      expect(passage).toMatch(/rains\.$/);
    }
    const endless = toPassages('word '.repeat(2000));
    for (const passage of endless) expect(passage.length).toBeLessThanOrEqual(2000);
    expect(endless.join(' ').split(' ')).toHaveLength(2000);
    const unbroken = toPassages('x'.repeat(5000));
    expect(unbroken.join('')).toHaveLength(5000);
  });

  it('gives nothing for blank text', () => {
    expect(toPassages(' \n\n \n')).toEqual([]);
  });
});

describe('cleanText', () => {
  it('normalises line breaks and blank runs, and drops control characters', () => {
    expect(cleanText('a \r\nb\r\n\r\n\r\n\r\nc\fd\u0007 ')).toBe('a\nb\n\nc d');
    expect(cleanText('one \t \ntwo\t\n \n\n\nthree  four ')).toBe('one\ntwo\n\nthree  four');
  });

  it('takes linear time on long runs of spaces (a backtracking pattern took hours)', () => {
    const spaces = `a${' '.repeat(2_000_000)}b\n${' \t'.repeat(1_000_000)}c`;
    const started = Date.now();
    expect(cleanText(spaces)).toBe(`a${' '.repeat(2_000_000)}b\n${' \t'.repeat(1_000_000)}c`);
    expect(toPassages(spaces).join('').length).toBeGreaterThan(0);
    // Linear: well under a second here; /[ \t]+\n/g needed about 90 s for 400,000 spaces.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
