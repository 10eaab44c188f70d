import { conversationTitle } from './conversation-title';

describe('conversationTitle', () => {
  it('uses a short first message as it is', () => {
    expect(conversationTitle('How do I plant maize?')).toBe('How do I plant maize?');
  });

  it('takes the first line and collapses spaces', () => {
    expect(conversationTitle('Cassava   disease\nMy leaves are yellow and curled')).toBe('Cassava disease');
  });

  it('cuts a long line on a word boundary, at most 60 characters with the ellipsis', () => {
    const message =
      'When is the best time to plant maize in the western highlands of Cameroon after the first rains?';
    const title = conversationTitle(message);
    expect(title).toBe('When is the best time to plant maize in the western…');
    expect(Array.from(title).length).toBeLessThanOrEqual(60);
    expect(message.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('keeps a word that ends exactly at the limit', () => {
    const words = `${'a'.repeat(29)} ${'b'.repeat(29)} tail`; // 59 characters before the space
    expect(conversationTitle(words)).toBe(`${'a'.repeat(29)} ${'b'.repeat(29)}…`);
  });

  it('cuts inside a word only when the first word is too long', () => {
    const title = conversationTitle('x'.repeat(100));
    expect(title).toBe(`${'x'.repeat(59)}…`);
  });

  it('drops trailing punctuation before the ellipsis and keeps emoji whole', () => {
    const title = conversationTitle(`🌽🌽 ${'maize, '.repeat(12)}`);
    expect(title.endsWith('maize…')).toBe(true);
    expect(Array.from(title).length).toBeLessThanOrEqual(60);
    expect(title.startsWith('🌽🌽 ')).toBe(true);
  });
});
