import { historyOf } from './host-history';

describe('historyOf', () => {
  it('puts the turns before the last user message in the history and that message as the prompt', () => {
    expect(
      historyOf([
        { role: 'system', text: 'You are Kasa.' },
        { role: 'user', text: 'When do I plant maize?' },
        { role: 'assistant', text: 'At the first rains.' },
        { role: 'user', text: 'And beans?' },
      ]),
    ).toEqual({
      history: [
        { type: 'system', text: 'You are Kasa.' },
        { type: 'user', text: 'When do I plant maize?' },
        { type: 'model', response: ['At the first rains.'] },
      ],
      prompt: 'And beans?',
    });
  });

  it('joins consecutive turns of one role (templates expect them to alternate)', () => {
    expect(
      historyOf([
        { role: 'system', text: 'A' },
        { role: 'system', text: 'B' },
        { role: 'user', text: 'one' },
        { role: 'user', text: 'two' },
        { role: 'assistant', text: 'x' },
        { role: 'assistant', text: 'y' },
        { role: 'user', text: 'last' },
      ]).history,
    ).toEqual([
      { type: 'system', text: 'A\n\nB' },
      { type: 'user', text: 'one\n\ntwo' },
      { type: 'model', response: ['x', '\n\ny'] },
    ]);
  });
});
