import { SPEECH_TEXT_MAX_LENGTH } from '@kasa/contracts';
import { plainTextOf, speechTextOf } from './speech-text';

test('markdown marks are not read aloud; link texts are', () => {
  expect(
    speechTextOf(
      '# Maize\n\n- **Sow** in _April_\n> see [the calendar](https://x.org/c)\n```js\ncode()\n```',
    ),
  ).toBe('Maize\n\nSow in April\nsee the calendar\ncode()');
});

test('a reply longer than the speech limit is cut to it', () => {
  expect(speechTextOf('a'.repeat(SPEECH_TEXT_MAX_LENGTH + 50))).toHaveLength(SPEECH_TEXT_MAX_LENGTH);
});

test('plain text keeps list bullets and link texts, without markdown marks', () => {
  expect(plainTextOf('## Steps\n\n1. **Plough**\n- Sow [seeds](https://x.org)\n  * then `water`')).toBe(
    'Steps\n\n1. Plough\n• Sow seeds\n  • then water',
  );
});
