import { estimatedSpeechSeconds, meteredSeconds } from './speech-seconds';

describe('voice seconds', () => {
  it('estimates more seconds than engines take (about 15 characters a second)', () => {
    const text = 'a'.repeat(150); // about 10 s of speech
    expect(estimatedSpeechSeconds(text)).toBe(17);
    expect(estimatedSpeechSeconds('Hi')).toBe(3);
  });

  it('counts whole seconds, rounding up, and at least one', () => {
    expect(meteredSeconds(2.1)).toBe(3);
    expect(meteredSeconds(3)).toBe(3);
    expect(meteredSeconds(0)).toBe(1);
  });
});
