import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMessage, uiMessages, type Language } from '@kasa/ui';
import { messages } from '../../../mfe-chat/src/messages';
import { starterTips, TIPS_SHOWN_FIRST } from '../../../mfe-chat/src/screen/tips';

// index.html paints the chat screen for signed-in visitors before any JavaScript arrives (slow
// lines); its texts must stay the ones mfe-chat renders, or the words would change as the app starts.
const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
const doc = new DOMParser().parseFromString(html, 'text/html');
const preview = doc.querySelector('.boot-chat') as HTMLElement;
const squash = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const text = (selector: string, lang: Language) =>
  squash(preview.querySelector(`${selector} [lang="${lang}"]`));
const texts = (selector: string, lang: Language) =>
  [...preview.querySelectorAll(`${selector} [lang="${lang}"]`)].map(squash);

describe.each(['en', 'fr'] as const)('the %s chat preview', (lang) => {
  const t = messages[lang];

  test('greets like the welcome panel', () => {
    expect(text('.hello h2', lang)).toBe(formatMessage(t.welcomeTitle, { assistantName: 'Kasa' }));
    expect(text('.hello p', lang)).toBe(t.welcomeText);
  });

  test('lists the suggestions the strip shows first, with its hint and More', () => {
    const tips = starterTips(lang).slice(0, TIPS_SHOWN_FIRST);
    expect(texts('.tip .title', lang)).toEqual(tips.map((tip) => tip.title));
    expect(texts('.tip .text', lang)).toEqual(tips.map((tip) => tip.description));
    expect(texts('.tip .category', lang)).toEqual(tips.map((tip) => t[`category_${tip.category}`]));
    expect(text('.hint p', lang)).toBe(t.suggestionsHint);
    expect(text('.more', lang)).toBe(t.more);
  });

  test('has the top bar buttons, the conversation loading line and the input placeholder', () => {
    expect(text('header .pro', lang)).toBe(t.getPro);
    expect(text('header .action:not(.pro)', lang)).toBe(uiMessages[lang].logout);
    expect(text('.loading', lang)).toBe(t.loadingConversation);
    expect(preview.querySelector(`textarea[lang="${lang}"]`)?.getAttribute('placeholder')).toBe(
      formatMessage(t.inputPlaceholder, { assistantName: 'Kasa' }),
    );
  });
});

test('nothing in the preview can be used: the top bar, the suggestions and the input are inert', () => {
  for (const selector of ['header', '.tips', '.input-bar']) {
    expect(preview.querySelector(selector)?.hasAttribute('inert')).toBe(true);
  }
  const live = [...preview.querySelectorAll('button, textarea')].filter((el) => !el.closest('[inert]'));
  expect(live).toEqual([]);
});

test('the preview carries no testid of the real screen (tests must not mistake one for the other)', () => {
  expect(preview.getAttribute('data-testid')).toBe('chat-preview');
  expect(preview.querySelectorAll('[data-testid]')).toHaveLength(0);
});
