// The bytes of a typical session (data saver on, docs/product.md#data-saver): sign in on the landing page, send three
// messages and wait for each reply, then one generated image in the conversation, shown after a
// reload. Counted as Chromium puts them on the wire: the sum of CDP Network.loadingFinished
// encodedDataLength (headers and compressed bodies; cache hits count nothing), with an empty cache,
// once with the data saver off and once on.

const MESSAGES = ['When should I sow maize?', 'How much water do seedlings need?', 'What about cassava?'];

/** Where a response's bytes go in the breakdown. */
function kindOf(url, resourceType, mimeType) {
  const path = new URL(url).pathname;
  if (path.startsWith('/api/files/')) return 'images';
  if (path.startsWith('/api/')) return 'api';
  if (resourceType === 'Script' || mimeType.includes('javascript')) return 'scripts';
  return 'other';
}

async function registerUser(origin, label) {
  const username = `session_${label}_${Date.now().toString(36)}`;
  const password = 'bench-password';
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`could not register: ${response.status} ${await response.text()}`);
  return { username, password };
}

/**
 * One session in a fresh context. Returns the bytes per kind and in all.
 * @param {import('playwright-core').Browser} browser
 */
export async function measureSession(browser, origin, { dataSaver }) {
  const { username, password } = await registerUser(origin, dataSaver ? 'on' : 'off');
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  await context.addInitScript((saver) => {
    localStorage.setItem('cookieConsentGiven', 'true');
    localStorage.setItem('kasa-data-saver', saver ? 'on' : 'off');
  }, dataSaver);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const requests = new Map();
  const totals = { scripts: 0, api: 0, images: 0, other: 0 };
  let requestCount = 0;
  cdp.on('Network.responseReceived', ({ requestId, response, type }) =>
    requests.set(requestId, kindOf(response.url, type, response.mimeType ?? '')),
  );
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const kind = requests.get(requestId) ?? 'other';
    totals[kind] += encodedDataLength;
    requestCount += 1;
  });

  // Sign in.
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('auth-username').fill(username);
  await page.getByTestId('auth-password').fill(password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/chat');
  const input = page.getByTestId('chat-input');
  await input.waitFor();

  // Three messages, each answered.
  const replies = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  for (const [index, text] of MESSAGES.entries()) {
    await input.fill(text);
    await input.press('Enter');
    await replies.nth(index).waitFor();
    await page.waitForLoadState('networkidle');
  }
  await page.waitForURL(/[?&]c=[0-9a-f-]{36}/);
  const conversationId = new URL(page.url()).searchParams.get('c');

  // One image, generated into the conversation, then seen there.
  const status = await page.evaluate(async (id) => {
    const response = await fetch('/api/media/generate', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('auth_token')}`,
      },
      body: JSON.stringify({
        prompt: 'Healthy cocoa beans',
        type: 'image',
        size: '1024x1024',
        conversationId: id,
      }),
    });
    return response.status;
  }, conversationId);
  if (status !== 200) throw new Error(`image generation answered ${status}`);
  await page.reload({ waitUntil: 'networkidle' });
  const image = page.getByTestId('message-image');
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="message-image"]');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  await page.waitForLoadState('networkidle');
  const variant = await image.getAttribute('data-variant');
  await context.close();
  const total = Object.values(totals).reduce((sum, bytes) => sum + bytes, 0);
  return { total, totals, requestCount, variant };
}

export function printSession(label, { total, totals, requestCount, variant }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const parts = Object.entries(totals)
    .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
    .join(', ');
  console.log(
    `  data saver ${label.padEnd(3)}: ${kb(total).padStart(9)} over ${requestCount} responses (${parts}; image shown: ${variant})`,
  );
}
