import { expect, test, type Page } from '@playwright/test';
import { withFakeMicrophone } from '../support/browser';
import { audioDurationIn, expectNoHorizontalScroll } from '../support/media';
import { signedIn } from '../support/session';
import { goForwardWavFile } from '../support/speech';
import {
  storedConversations,
  usageOf,
  watchRecording,
  watchVoiceTurns,
  type SentVoiceTurn,
} from '../support/voice';

/**
 * Messages a reply of the offline advisor costs: none when it found nothing (it says so in the
 * reply, docs/product.md#chat-without-an-ai-model), else one.
 */
function messagesCharged(reply: string): number {
  return reply.includes('This question was not counted in your monthly messages.') ? 0 : 1;
}

// The composer's microphone (docs/product.md#voice) on the e2e server's embedded engines: offline
// speech-to-text (pocketsphinx, English only), the offline chat advisor. The microphone is
// Chromium's fake capture device playing "go forward ten meters" (a real person) in a loop, through
// the real getUserMedia with the constraints the recorder asks for.
test.use({ launchOptions: withFakeMicrophone(goForwardWavFile()), permissions: ['microphone'] });

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone (360 px)', size: { width: 360, height: 740 } },
];

const messages = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-role="${role}"]`);
const bar = (page: Page) => page.getByTestId('voice-recording-bar');
const timer = (page: Page) => page.getByTestId('voice-recording-timer');

/** The capabilities are known (the mic's language check needs them) once /chat has asked. */
async function openChat(page: Page): Promise<void> {
  const capabilities = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/voice/capabilities',
  );
  await page.goto('/chat');
  expect((await capabilities).status()).toBe(200);
}

/**
 * Records through the composer until the timer shows `seconds`: the fake device loops 4.3 s
 * (silence, the 2.8 s sentence, silence), so six seconds hold the whole sentence at least once.
 */
async function record(page: Page, seconds = 6): Promise<void> {
  await page.getByTestId('composer-mic').click();
  await expect(bar(page)).toBeVisible();
  await expect(timer(page)).toHaveText(/^0:0[0-2]$/);
  await expect(timer(page)).toHaveText(`0:0${seconds}`, { timeout: (seconds + 5) * 1000 });
}

/** The reply on screen is finished: no live row, the saved reply there. */
async function expectAnswered(page: Page, replies = 1): Promise<void> {
  await expect(page.getByTestId('live-reply')).toHaveCount(0, { timeout: 30_000 });
  await expect(messages(page, 'assistant')).toHaveCount(replies);
  await expect(messages(page, 'assistant').last()).toContainText(
    /Here is what I found|I found nothing relevant/,
  );
}

/** A spoken user message: Play, the words pocketsphinx heard, the language chip. */
async function expectSpokenMessage(page: Page): Promise<void> {
  const spoken = messages(page, 'user').last();
  await expect(spoken.getByTestId('message-voice').locator('audio')).toHaveCount(1);
  await expect(spoken.getByTestId('message-transcription')).toContainText(/\bforward\b/i, {
    timeout: 30_000,
  });
  await expect(spoken.getByTestId('message-transcription-language')).toHaveText('English');
}

/** The audio element's source (its src, or its <source>'s). */
function audioSource(page: Page): Promise<string> {
  return messages(page, 'user')
    .last()
    .getByTestId('message-voice')
    .locator('audio')
    .evaluate((audio: HTMLAudioElement) => audio.src || audio.querySelector('source')?.src || '');
}

/** The seconds the ids event says were transcribed (ChatStreamEvent.transcription.duration). */
function transcribedSeconds(eventStream: string): number {
  for (const line of eventStream.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = JSON.parse(line.slice(5)) as { transcription?: { duration: number } };
    if (event.transcription) return event.transcription.duration;
  }
  throw new Error(`no transcription in the stream: ${eventStream.slice(0, 300)}`);
}

function expectOneOpusTurn(turns: SentVoiceTurn[]): void {
  expect(turns).toHaveLength(1);
  const [turn] = turns;
  expect(turn.status).toBe(200);
  expect(turn.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  // Opus in WebM or Ogg (docs/product.md#voice), about 16 kbit/s: six seconds are far under 40 KB.
  expect(turn.audioType).toMatch(/^audio\/(webm|ogg)\b/);
  expect(turn.audioBytes).toBeGreaterThan(1000);
  expect(turn.audioBytes).toBeLessThan(40_000);
}

for (const viewport of VIEWPORTS) {
  test(`the composer's mic on a ${viewport.name}: recorded, sent once as Opus, transcribed, answered; a reload shows the same`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const account = await signedIn(page);
    const { sent: turns, streams } = await watchVoiceTurns(page);
    await openChat(page);

    await record(page);
    // The meter follows the voice (data-level: the RMS level it draws).
    const meter = page.getByTestId('voice-level-meter');
    await expect(meter).toBeVisible();
    await expect.poll(async () => Number(await meter.getAttribute('data-level'))).toBeGreaterThan(0.02);
    await expect(page.getByTestId('voice-language-chip')).toHaveText('I speak: Auto');
    await expect(page.getByTestId('voice-recording-cancel')).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByTestId('voice-recording-send').click();
    await expect(bar(page)).toHaveCount(0);
    await expectSpokenMessage(page);
    await expectAnswered(page);
    await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
    await expectNoHorizontalScroll(page);
    expectOneOpusTurn(turns);

    // The recording plays back in this browser.
    expect(await audioDurationIn(page, await audioSource(page))).toBeGreaterThan(0);

    // Charged: the recording's seconds and the message (unless the reply found nothing); never an
    // audio upload.
    const [eventStream] = await streams();
    const seconds = transcribedSeconds(eventStream);
    expect(seconds).toBeGreaterThan(3);
    const [answered] = await storedConversations(page.request, account);
    const reply = answered.messages.find((m) => m.role === 'assistant')?.content ?? '';
    expect(await usageOf(page.request, account)).toMatchObject({
      messages: messagesCharged(reply),
      voiceMinutes: Math.max(1, Math.ceil(seconds)),
      audioUploads: 0,
    });

    // Stored: one spoken message with its recording, transcription and language, and the reply.
    const [conversation, ...others] = await storedConversations(page.request, account);
    expect(others).toHaveLength(0);
    const user = conversation.messages.filter((m) => m.role === 'user');
    expect(user).toHaveLength(1);
    expect(user[0].content).toMatch(/\bforward\b/i);
    expect(user[0]).toMatchObject({ transcriptionLanguage: 'en' });
    expect(user[0].recordingId).toBeTruthy();
    expect(conversation.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);

    const replyText = await messages(page, 'assistant').last().textContent();
    await page.reload();
    await expect(messages(page, 'user')).toHaveCount(1);
    await expectSpokenMessage(page);
    await expect(messages(page, 'assistant')).toHaveText([replyText ?? '']);
    // After a reload the recording comes from the server (a signed link), as audio.
    const stored = new URL(await audioSource(page), page.url()).toString();
    const file = await page.request.get(stored);
    expect([200, 206]).toContain(file.status());
    expect(file.headers()['content-type']).toMatch(/^audio\//);
    expect((await file.body()).length).toBeGreaterThan(1000);
    expect(await audioDurationIn(page, stored)).toBeGreaterThan(0);
    expect(turns).toHaveLength(1);
  });
}

test('Cancel discards the recording: nothing is sent', async ({ page }) => {
  const account = await signedIn(page);
  const { sent: turns } = await watchVoiceTurns(page);
  await openChat(page);
  await record(page, 2);
  await page.getByTestId('voice-recording-cancel').click();
  await expect(bar(page)).toHaveCount(0);
  await expect(page.getByTestId('composer-mic')).toBeVisible();
  await expect(messages(page, 'user')).toHaveCount(0);

  // A typed message afterwards is the conversation's only message: the recording never followed.
  await page.getByTestId('chat-input').fill('When do I plant maize?');
  await page.getByTestId('chat-input').press('Enter');
  await expectAnswered(page);
  await expect(messages(page, 'user')).toHaveText([/When do I plant maize\?$/]);
  expect(turns).toHaveLength(0);
  const conversations = await storedConversations(page.request, account);
  expect(conversations).toHaveLength(1);
  expect(conversations[0].messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
    'When do I plant maize?',
  ]);
  const reply = conversations[0].messages.find((m) => m.role === 'assistant')?.content ?? '';
  expect(await usageOf(page.request, account)).toMatchObject({
    messages: messagesCharged(reply),
    voiceMinutes: 0,
  });
});

test('"I speak" French with the English-only offline engine: said before recording, and the mic does not record', async ({
  page,
}) => {
  await signedIn(page);
  const recording = await watchRecording(page);
  const { sent: turns } = await watchVoiceTurns(page);
  await page.goto('/account');
  await page.getByTestId('account-tab-preferences').click();
  await page.getByTestId('account-speech-language').selectOption('fr');

  await openChat(page);
  // Said on the microphone itself before any tap: it is marked unusable, with the reason.
  const mic = page.getByTestId('composer-mic');
  await expect(mic).toHaveAttribute('aria-disabled', 'true');
  await expect(mic).toHaveAccessibleDescription(/English/);
  // aria-disabled, not disabled: a tap still opens the bar, which explains (Playwright waits for
  // an enabled element unless forced).
  await mic.click({ force: true });
  const warning = page.getByTestId('voice-language-unsupported');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('English');
  await expect(page.getByTestId('voice-language-chip')).toHaveText('I speak: Français');
  await expect(timer(page)).toHaveCount(0);
  await expect(page.getByTestId('voice-recording-send')).toHaveCount(0);
  expect(await recording.microphoneOpened()).toBe(0);
  expect(await recording.recordersStarted()).toBe(0);
  expect(turns).toHaveLength(0);
});

test.describe('offline', () => {
  // The app's code must come from the service worker's precache once the network is gone.
  test.use({ serviceWorkers: 'allow' });

  test('a recording made offline waits, then is sent once when the network returns, and answered', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const account = await signedIn(page);
    const { sent: turns } = await watchVoiceTurns(page);
    await openChat(page);
    // Offline, the app's code (the recorder loads on the first tap) comes from the service worker.
    // A worker installed during this first visit controls the page from the next load on, as on
    // a phone that has opened Kasa before.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The recording bar's code is fetched ahead once the chat has settled online
    // (mfe-chat/src/screen/useOfflineVoicePrefetch.ts): a phone that goes offline later has it.
    const recorderCode = page.waitForResponse((response) =>
      /offline-voice-recording\.[0-9a-f]+\.js$/.test(response.url()),
    );
    await page.reload();
    await expect(page.getByTestId('composer-mic')).toBeVisible();
    const recorderUrl = (await recorderCode).url();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Fetched, not run, and kept by the service worker: a phone offline hours later still has it.
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), recorderUrl))
      .toBe(true);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();

    await record(page);
    await page.getByTestId('voice-recording-send').click();
    const waiting = page.getByTestId('waiting-message');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('Voice message');
    await expect(page.getByTestId('waiting-note')).toHaveText('Waiting for network');
    expect(turns.filter((turn) => turn.status !== undefined)).toHaveLength(0);

    await context.setOffline(false);
    await expectAnswered(page);
    await expect(waiting).toHaveCount(0);
    await expect(messages(page, 'user')).toHaveCount(1);
    await expectSpokenMessage(page);
    // Sent once: the one turn the server answered (tries that never left the phone have no answer).
    const answered = turns.filter((turn) => turn.status !== undefined);
    expectOneOpusTurn(answered);
    expect(new Set(turns.map((turn) => turn.idempotencyKey)).size).toBe(1);

    const conversations = await storedConversations(page.request, account);
    expect(conversations).toHaveLength(1);
    expect(conversations[0].messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(conversations[0].messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    const reply = conversations[0].messages.find((m) => m.role === 'assistant')?.content ?? '';
    expect(await usageOf(page.request, account)).toMatchObject({
      messages: messagesCharged(reply),
      audioUploads: 0,
    });

    // It stays sent: a reload shows it once, and nothing waits any more.
    await page.reload();
    await expect(messages(page, 'user')).toHaveCount(1);
    await expect(page.getByTestId('waiting-message')).toHaveCount(0);
    expect(answered).toHaveLength(1);
  });
});
