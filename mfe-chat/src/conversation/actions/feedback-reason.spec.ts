import { CHAT_FEEDBACK_REASON_MAX_LENGTH } from '@kasa/contracts';
import { formatReason, parseReason, textRoom } from './feedback-reason';

test('quick reasons (in a fixed order) then the words, and back', () => {
  const stored = formatReason({
    quick: ['Not in my language', 'Not correct'],
    text: '  Wrong season.\nToo long. ',
  });
  expect(stored).toBe('Not correct\nNot in my language\nWrong season.\nToo long.');
  expect(parseReason(stored)).toEqual({
    quick: ['Not correct', 'Not in my language'],
    text: 'Wrong season.\nToo long.',
  });
});

test('nothing said is null; words that look like a quick reason after others stay words', () => {
  expect(formatReason({ quick: [], text: '   ' })).toBeNull();
  expect(parseReason(null)).toEqual({ quick: [], text: '' });
  expect(parseReason('Bad\nNot useful')).toEqual({ quick: [], text: 'Bad\nNot useful' });
});

test('the words fit beside the quick reasons within the limit', () => {
  const quick = ['Not useful'] as const;
  const room = textRoom([...quick]);
  expect(room).toBe(CHAT_FEEDBACK_REASON_MAX_LENGTH - 'Not useful\n'.length);
  expect(formatReason({ quick: [...quick], text: 'x'.repeat(room) })).toHaveLength(
    CHAT_FEEDBACK_REASON_MAX_LENGTH,
  );
});
