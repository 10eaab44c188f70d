import { expect, test, type Page } from '@playwright/test';
import { signedIn, useAccount } from '../support/session';

// Signed in at / or /chat, index.html paints the chat screen itself before any bundle arrives
// (frontend-shell/index.html, "chat preview"), so a phone on a slow line sees its first screen, and
// its largest text, at the first paint. The real screen must then take its place without a visible
// change: same boxes, same colours, in both languages and themes, on a phone and a desktop.

const SHELL_BUNDLE = /\/main\.[0-9a-f]+\.js$/;

/** The same piece of the screen in the preview and in the chat remote. */
const PIECES: Array<[name: string, preview: string, real: string]> = [
  ['top bar', '.boot-chat header', '[data-testid="chat-page"] header'],
  ['sidebar toggle', '.boot-chat header .icon >> nth=0', '[data-testid="sidebar-toggle"]'],
  ['back', '.boot-chat header .icon >> nth=1', '[data-testid="back-button"]'],
  ['Get Pro', '.boot-chat .pro', '[data-testid="get-pro"]'],
  ['Logout', '.boot-chat header .action:not(.pro)', '[data-testid="logout-button"]'],
  ['sidebar column', '.boot-chat aside', 'aside[data-testid="chat-sidebar"]'],
  ['sidebar', '.boot-chat aside > div', 'aside[data-testid="chat-sidebar"] > div'],
  ['messages', '.boot-chat main', '[data-testid="chat-page"] main'],
  ['welcome panel', '.boot-chat .hello', '[data-testid="chat-welcome"]'],
  ['welcome heading', '.boot-chat .hello h2', '[data-testid="chat-welcome"] h2'],
  ['welcome text', '.boot-chat .hello p', '[data-testid="chat-welcome"] p'],
  ...[0, 1, 2, 3, 4].map((i): [string, string, string] => [
    `tip ${i + 1}`,
    `.boot-chat .tip >> nth=${i}`,
    `[data-testid="tip"] >> nth=${i}`,
  ]),
  ['suggestions hint', '.boot-chat .hint p', '[data-testid="suggestions-hint"]'],
  ['More', '.boot-chat .more', '[data-testid="suggestions"] button[aria-expanded]'],
  ['input bar', '.boot-chat .composer', '[data-testid="chat-page"] form >> xpath=../..'],
  ['enhancements', '.boot-chat .plus', '[data-testid="enhancements-button"]'],
  ['input', '.boot-chat textarea:visible', '[data-testid="chat-input"]'],
  ['voice mode', '.boot-chat .voice:not(.mic)', '[data-testid="composer-voice-mode"]'],
  ['send', '.boot-chat .send', '[data-testid="send-button"]'],
  ['microphone', '.boot-chat .mic', '[data-testid="composer-mic"]'],
];

const LOOKS = [
  'color',
  'background-color',
  'border-right-color',
  'border-top-left-radius',
  'font-size',
  'font-weight',
  'opacity',
];

type Looks = { box: string; style: Record<string, string> } | null;

async function measure(page: Page, side: 'preview' | 'real'): Promise<Record<string, Looks>> {
  const found: Record<string, Looks> = {};
  for (const [name, previewSelector, realSelector] of PIECES) {
    const piece = page.locator(side === 'preview' ? previewSelector : realSelector).first();
    found[name] = (await piece.isVisible())
      ? await piece.evaluate((el, looks) => {
          const r = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return {
            box: [r.x, r.y, r.width, r.height].map((v) => v.toFixed(2)).join(' '),
            style: Object.fromEntries(looks.map((k) => [k, style.getPropertyValue(k)])),
          };
        }, LOOKS)
      : null;
  }
  return found;
}

const cases = [
  { name: 'phone, English, colour', language: 'en', theme: 'color', viewport: null },
  { name: 'phone, French, mono', language: 'fr', theme: 'mono', viewport: null },
  // Under 380 px the top bar's Get Pro reads 'Pro' and Logout is an icon, in the preview too.
  {
    name: '320 px phone, French, colour',
    language: 'fr',
    theme: 'color',
    viewport: { width: 320, height: 640 },
  },
  { name: 'desktop, French, colour', language: 'fr', theme: 'color', viewport: { width: 1280, height: 800 } },
  { name: 'desktop, English, mono', language: 'en', theme: 'mono', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, language, theme, viewport } of cases) {
  test(`the chat preview lines up with the chat screen (${name})`, async ({ page }) => {
    await signedIn(page);
    await page.addInitScript(
      ([l, t]) => {
        localStorage.setItem('kasa-language', l);
        localStorage.setItem('kasa-theme', t);
        // The no-model notice comes with GET /api/chat/models, after the preview has given way,
        // like the usage warning; e2e/tests/offline-advisor-notice.spec.ts covers it.
        localStorage.setItem('kasa-offline-notice', 'dismissed');
      },
      [language, theme],
    );
    if (viewport) await page.setViewportSize(viewport);

    // No bundle arrives: only index.html paints.
    await page.route(SHELL_BUNDLE, (route) => route.abort('internetdisconnected'));
    await page.goto('/chat');
    await expect(page.getByTestId('chat-preview')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    const preview = await measure(page, 'preview');

    await page.unroute(SHELL_BUNDLE);
    await page.reload();
    await expect(page.getByTestId('chat-welcome')).toBeVisible();
    await expect(page.getByTestId('chat-preview')).toHaveCount(0);
    const real = await measure(page, 'real');

    expect(real['welcome text']).not.toBeNull();
    expect(preview).toEqual(real);
  });
}

test('a conversation link previews the screen without the welcome panel', async ({ page }) => {
  await signedIn(page);
  await page.route(SHELL_BUNDLE, (route) => route.abort('internetdisconnected'));
  await page.goto('/chat?c=2b7d5c1e-0000-4000-8000-000000000000');
  const preview = page.getByTestId('chat-preview');
  await expect(preview.getByText('Loading conversation…')).toBeVisible();
  await expect(preview.locator('.hello')).toBeHidden();
  await expect(preview.getByPlaceholder('Message Kasa')).toBeVisible();
});

test('the preview shows while the session loads, then the chat screen takes its place', async ({ page }) => {
  await signedIn(page);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const preview = page.getByTestId('chat-preview');
  await expect(preview.getByRole('heading', { name: "Hello, I'm Kasa, your AI assistant" })).toBeVisible();
  // The shell is up behind it, on its splash.
  await expect(page.getByTestId('splash')).toContainText('Initializing Kasa');
  await expect(page.getByTestId('splash')).toBeHidden();
  release();
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-boot', /./);
});

test('a token the server no longer accepts: the preview gives way to the landing page', async ({ page }) => {
  await useAccount(page, { username: 'gone', password: 'unused', token: 'ey.revoked.token' });
  await page.goto('/chat');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('chat-preview')).toHaveCount(0);
});

test('the session check cannot reach the server: the preview gives way to the error panel', async ({
  page,
}) => {
  await signedIn(page);
  await page.route('**/api/auth/user', (route) => route.abort('internetdisconnected'));
  await page.goto('/chat');
  await expect(page.getByTestId('session-error-panel')).toBeVisible();
  await expect(page.getByTestId('chat-preview')).toHaveCount(0);
});
