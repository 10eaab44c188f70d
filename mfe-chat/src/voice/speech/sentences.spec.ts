import { FIRST_CHUNK_LENGTH, SENTENCE_MAX_LENGTH, SentenceSplitter } from './sentences';

const CODE = '(code on screen)';

/** Feeds `reply` as it streams, `step` characters at a time; answers every sentence in order. */
function streamed(reply: string, step: number): string[] {
  const splitter = new SentenceSplitter(CODE);
  const out: string[] = [];
  for (let at = step; at < reply.length + step; at += step) out.push(...splitter.push(reply.slice(0, at)));
  out.push(...splitter.finish(reply));
  return out;
}

describe('sentence splitter', () => {
  test('a sentence is out as soon as it is complete; the unfinished rest waits for more text', () => {
    const splitter = new SentenceSplitter(CODE);
    expect(splitter.push('Sow after the')).toEqual([]);
    expect(splitter.push('Sow after the first rains.')).toEqual([]); // "rains." may go on: "rains.…"
    expect(splitter.push('Sow after the first rains. Then')).toEqual(['Sow after the first rains.']);
    expect(splitter.push('Sow after the first rains. Then weed! Is it dry? Wait… ')).toEqual([
      'Then weed!',
      'Is it dry?',
      'Wait…',
    ]);
    expect(splitter.push('Sow after the first rains. Then weed! Is it dry? Wait… Good')).toEqual([]);
    expect(splitter.finish('Sow after the first rains. Then weed! Is it dry? Wait… Good')).toEqual(['Good']);
  });

  test('Amharic and Arabic end marks, and a line break, end sentences', () => {
    expect(streamed('ሰላም ነው። እንዴት ነህ፧ ደህና\nمرحبا؟ كيف', 3)).toEqual([
      'ሰላም ነው።',
      'እንዴት ነህ፧',
      'ደህና',
      'مرحبا؟',
      'كيف',
    ]);
  });

  test('markdown is spoken as plain text; list items and headings are sentences of their own', () => {
    const reply =
      '## Planting\n\n1. Clear the **field**\n2. Sow [maize](https://x.org/maize.html) seeds\n- Weed it.\n';
    expect(streamed(reply, 1)).toEqual(['Planting', 'Clear the field', 'Sow maize seeds', 'Weed it.']);
  });

  test('numbers and links are not sentence ends: 2.5, 1. at a list start, x.org', () => {
    expect(streamed('Use 2.5 kg per row. See x.org for more.\n3. Weed. Done', 4)).toEqual([
      'Use 2.5 kg per row.',
      'See x.org for more.',
      'Weed.',
      'Done',
    ]);
  });

  test('a closing quote or emphasis after the mark stays with its sentence', () => {
    expect(streamed('He said “sow now.” **Do it.** Then rest', 2)).toEqual([
      'He said “sow now.”',
      'Do it.',
      'Then rest',
    ]);
  });

  test('a code block is not read: a short phrase says it is on screen, once it is complete', () => {
    const reply = 'Run this:\n```python\nprint("a. b. c.")\nx = 1\n```\nThat prints it.';
    const splitter = new SentenceSplitter(CODE);
    expect(splitter.push(reply.slice(0, reply.indexOf('x = 1')))).toEqual(['Run this:']);
    expect(splitter.push(reply.slice(0, reply.indexOf('That')))).toEqual([CODE]);
    expect(splitter.finish(reply)).toEqual(['That prints it.']);
    expect(streamed(reply, 5)).toEqual(['Run this:', CODE, 'That prints it.']);
  });

  test('a reply that ends inside a code block still says the code is on screen', () => {
    expect(streamed('Here:\n```\nls -la', 3)).toEqual(['Here:', CODE]);
  });

  test('a long run without an end mark is cut at a comma near 200 characters, else at a space', () => {
    const clause = 'maize, beans and groundnuts grow well in the rainy season';
    const long = Array.from({ length: 8 }, () => clause).join(' and ');
    const parts = streamed(`${long}.`, 7);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(SENTENCE_MAX_LENGTH);
    // parts[0] is the short first chunk; the runs after it follow the long-run rule.
    expect(parts[1].endsWith(',')).toBe(true);
    expect(parts[1].length).toBeGreaterThan(120);
    expect(parts.join(' ')).toBe(`${long}.`);

    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = streamed(words, 11);
    expect(cut.length).toBeGreaterThan(1);
    for (const part of cut) expect(part.length).toBeLessThanOrEqual(SENTENCE_MAX_LENGTH);
    expect(cut.join(' ')).toBe(words);
  });

  test('the same sentences whatever the chunk size', () => {
    const reply =
      'Hello! Maize needs rain.\n\n* Plant early.\n* Use 2.5 kg.\n\n```\ncode.\n```\nAsk me more? Yes.';
    const whole = streamed(reply, reply.length);
    expect(whole).toEqual([
      'Hello!',
      'Maize needs rain.',
      'Plant early.',
      'Use 2.5 kg.',
      CODE,
      'Ask me more?',
      'Yes.',
    ]);
    for (const step of [1, 2, 3, 7, 13]) expect(streamed(reply, step)).toEqual(whole);
  });

  test('lines with nothing to say (a rule, a blank bullet) are skipped', () => {
    expect(streamed('One.\n\n---\n\n- \nTwo.', 2)).toEqual(['One.', 'Two.']);
  });

  test('the first chunk of a reply is cut at its last pause within 60 characters; the next ones are sentences', () => {
    const notice =
      'No AI model is connected to this server, so this answer comes from local knowledge. Sow early. ' +
      'Weed, then water; the rest waits.';
    const whole = streamed(notice, notice.length);
    expect(whole).toEqual([
      'No AI model is connected to this server,',
      'so this answer comes from local knowledge.',
      'Sow early.',
      'Weed, then water; the rest waits.',
    ]);
    for (const step of [1, 2, 5, 9]) expect(streamed(notice, step)).toEqual(whole);

    expect(
      streamed(
        'The rains came late this year; plant maize now — or wait for more rain in the valley. Then',
        3,
      ),
    ).toEqual([
      'The rains came late this year; plant maize now —',
      'or wait for more rain in the valley.',
      'Then',
    ]);
  });

  test('a first chunk with no pause is cut at the first word boundary after 60 characters', () => {
    const words =
      'Maize and beans grow well together in the rainy season in most valleys of the region. Yes.';
    const parts = streamed(words, 4);
    expect(parts[0]).toBe('Maize and beans grow well together in the rainy season in most');
    expect(parts[0].length).toBeGreaterThan(FIRST_CHUNK_LENGTH);
    expect(parts.slice(1)).toEqual(['valleys of the region.', 'Yes.']);

    const splitter = new SentenceSplitter(CODE);
    const unbroken = `${'x'.repeat(FIRST_CHUNK_LENGTH + 5)}`;
    expect(splitter.push(unbroken)).toEqual([]); // no word boundary yet: wait
    expect(splitter.push(`${unbroken} more`)).toEqual([unbroken]);
  });

  test('a pause too near the start or a sentence within 60 characters is not cut early', () => {
    expect(
      streamed('Yes, maize grows well in the rainy season when the soil is warm and wet. Sow now.', 3),
    ).toEqual(['Yes, maize grows well in the rainy season when the soil is warm', 'and wet.', 'Sow now.']);
    expect(
      streamed(
        'Sow after the first rains, then weed. Now a long second sentence, with a comma in it, stays whole.',
        5,
      ),
    ).toEqual([
      'Sow after the first rains, then weed.',
      'Now a long second sentence, with a comma in it, stays whole.',
    ]);
  });

  test('only the first chunk is short, even when it is a code block', () => {
    const long = 'After the code, a long sentence with commas, pauses; and more words than sixty characters.';
    expect(streamed(`\`\`\`\nx\n\`\`\`\n${long}`, 4)).toEqual([CODE, long]);
  });
});
