import { markdownToPlainText, shortened } from './plain-text-preview';

describe('markdownToPlainText', () => {
  it('keeps the words of a formatted reply, without the marks', () => {
    const markdown = [
      '## Planting maize',
      '',
      '**Plant** after the _first_ rains, in rows [75 cm apart](https://example.org/spacing).',
      '',
      '- Use `certified` seed',
      '1. Weed at 3 weeks',
      '> Tip: ~~never~~ always test the soil.',
      '![a field](https://example.org/f.png)',
      '',
      '| Crop | Spacing |',
      '| --- | ---: |',
      '| Maize | 75 cm |',
      '```python',
      'print("hi")',
      '```',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Planting maize Plant after the first rains, in rows 75 cm apart. Use certified seed Weed at 3 weeks ' +
        'Tip: never always test the soil. a field Crop Spacing Maize 75 cm print("hi")',
    );
  });

  it('keeps single underscores inside words and plain text as it is', () => {
    expect(markdownToPlainText('soil_ph is 6.5 * 2')).toBe('soil_ph is 6.5 2');
    expect(markdownToPlainText('  Hello\n\nworld  ')).toBe('Hello world');
  });
});

describe('shortened', () => {
  it('leaves short text alone', () => {
    expect(shortened('Plant after the rains.', 150)).toBe('Plant after the rains.');
  });

  it('cuts at a word near the limit and adds an ellipsis, within the limit', () => {
    const text = 'word '.repeat(60).trim();
    const short = shortened(text, 150);
    expect(short.length).toBeLessThanOrEqual(150);
    expect(short.endsWith('word…')).toBe(true);
  });

  it('cuts inside a very long word rather than leave almost nothing', () => {
    const short = shortened('a'.repeat(300), 10);
    expect(short).toBe('aaaaaaaaa…');
  });
});
