import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMessage } from '@kasa/ui';
import { landingMessages } from './messages';

// index.html paints the landing hero before any JavaScript arrives (slow lines); its texts must
// stay the ones LandingPage renders, or visitors would see the words change as the app starts.
const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
const doc = new DOMParser().parseFromString(html, 'text/html');
const text = (selector: string) => doc.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();

test.each(['en', 'fr'] as const)('the %s preview says what the landing page says', (lang) => {
  const messages = landingMessages[lang];
  expect(text(`.boot-landing h1 [lang="${lang}"]`)).toBe(
    formatMessage(messages.greeting, { assistantName: 'Kasa' }),
  );
  expect(text(`.boot-landing p [lang="${lang}"]`)).toBe(messages.tagline);
});

test('the preview carries no testid of the real page (tests must not mistake one for the other)', () => {
  expect(doc.querySelector('.boot-landing [data-testid="landing-page"]')).toBeNull();
});
