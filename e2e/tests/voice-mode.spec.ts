import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/media';
import { useControllableMicrophone, type ControllableMicrophone } from '../support/microphone';
import { signedIn, type TestAccount } from '../support/session';
import {
  storedConversations,
  watchPlayback,
  watchVoiceEvents,
  watchVoiceModeStates,
  type VoiceEvent,
} from '../support/voice';

// Voice mode (docs/product.md#voice): listening → thinking → speaking → listening, the answer
// spoken sentence by sentence as it streams (POST /api/voice/speak per sentence, eSpeak NG here),
// barge-in, End. The microphone is support/microphone.ts: silent until the test says the recorded
// sentence, so voice mode hears exactly the turns the test makes.
test.use({ permissions: ['microphone'] });

interface VoiceModeTest {
  account: TestAccount;
  mic: ControllableMicrophone;
  states: () => Promise<string[]>;
  playback: Awaited<ReturnType<typeof watchPlayback>>;
  events: Array<VoiceEvent | 'barge-in'>;
}

async function setUp(page: Page): Promise<VoiceModeTest> {
  const account = await signedIn(page);
  const mic = await useControllableMicrophone(page);
  const states = await watchVoiceModeStates(page);
  const playback = await watchPlayback(page);
  const events: VoiceModeTest['events'] = watchVoiceEvents(page);
  return { account, mic, states, playback, events };
}

const voiceMode = (page: Page) => page.getByTestId('voice-mode');
const state = (page: Page) => page.getByTestId('voice-mode-state');
const messages = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-role="${role}"]`);

async function openVoiceMode(page: Page): Promise<void> {
  await page.goto('/chat');
  await page.getByTestId('composer-voice-mode').click();
  await expect(voiceMode(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Voice mode' })).toBeVisible();
  await expect(state(page)).toHaveAttribute('data-state', 'listening');
  await expect(state(page)).toContainText('Listening…');
}

/** Says the sentence; voice mode hears it, sends it, and starts speaking the answer. */
async function askAloud(page: Page, mic: ControllableMicrophone): Promise<void> {
  await mic.say();
  await expect(page.getByTestId('voice-mode-heard')).toContainText(/\bforward\b/i, { timeout: 30_000 });
  await expect(state(page)).toHaveAttribute('data-state', 'speaking', { timeout: 30_000 });
  await expect(state(page)).toContainText('Speaking…');
  await expect(page.getByTestId('voice-mode-reply')).toContainText(
    /Here is what I found|I found nothing relevant/,
  );
}

/** `expected` appears in `seen` in this order (other entries may come between). */
function expectInOrder(seen: readonly string[], expected: readonly string[]): void {
  let at = 0;
  for (const entry of seen) if (entry === expected[at]) at += 1;
  expect(at, `${JSON.stringify(expected)} in order within ${JSON.stringify(seen)}`).toBe(expected.length);
}

/** The speak requests of the turn sent `turn`-th (0 first), and where they are among the events. */
function speakRequestsOfTurn(events: readonly string[], turn: number) {
  const sent = events.map((event, i) => (event === 'turn-sent' ? i : -1)).filter((i) => i >= 0);
  const from = sent[turn];
  const to = sent[turn + 1] ?? events.length;
  const speaks = events
    .map((event, i) => (event === 'speak' && i > from && i < to ? i : -1))
    .filter((i) => i >= 0);
  // The reply's stream ends (finished, or cut: the send machine then reads the rest from
  // GET /api/chat/messages/{id}/stream, and the stored conversation is checked at the end).
  const ends = [events.indexOf('turn-finished', from), events.indexOf('turn-failed', from)].filter(
    (i) => i >= 0,
  );
  const finished = ends.length ? Math.min(...ends) : -1;
  return { speaks, finished };
}

test('two spoken exchanges on a 360 px phone: heard, answered aloud sentence by sentence, listening again; End; both in the conversation', async ({
  page,
}) => {
  // Each answer is spoken whole (eSpeak NG, in real time): about half a minute each.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { account, mic, states, playback, events } = await setUp(page);
  await openVoiceMode(page);
  await expectNoHorizontalScroll(page);

  for (const exchange of [0, 1]) {
    await askAloud(page, mic);
    await expect.poll(() => playback.playing()).toBe(1);
    await expect(state(page)).toHaveAttribute('data-state', 'listening', { timeout: 120_000 });
    const { speaks, finished } = speakRequestsOfTurn(events, exchange);
    // Sentence by sentence: several speak requests, the first before the reply had finished streaming.
    expect(speaks.length, JSON.stringify(events)).toBeGreaterThanOrEqual(2);
    expect(finished, JSON.stringify(events)).toBeGreaterThan(speaks[0]);
    expect(await playback.playing()).toBe(0);
  }
  expectInOrder(await states(), [
    'listening',
    'thinking',
    'speaking',
    'listening',
    'thinking',
    'speaking',
    'listening',
  ]);
  await expectNoHorizontalScroll(page);

  await page.getByTestId('voice-mode-end').click();
  await expect(voiceMode(page)).toHaveCount(0);
  // Both exchanges are in the conversation, spoken messages with their transcriptions.
  await expect(messages(page, 'user')).toHaveCount(2);
  await expect(messages(page, 'assistant')).toHaveCount(2);
  for (const spoken of await messages(page, 'user').all()) {
    await expect(spoken.getByTestId('message-transcription')).toContainText(/\bforward\b/i);
    await expect(spoken.getByTestId('message-voice').locator('audio')).toHaveCount(1);
  }
  const conversations = await storedConversations(page.request, account);
  expect(conversations).toHaveLength(1);
  const stored = conversations[0].messages;
  expect(stored.filter((m) => m.role === 'user' && m.recordingId)).toHaveLength(2);
  expect(stored.filter((m) => m.role === 'assistant' && m.status === 'complete')).toHaveLength(2);
});

test('barge-in by a tap: the speech stops at once, nothing more of that answer is fetched, and it listens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { mic, states, playback, events } = await setUp(page);
  await openVoiceMode(page);
  await askAloud(page, mic);
  await expect.poll(() => playback.playing()).toBe(1);

  await page.getByTestId('voice-mode-interrupt').click();
  events.push('barge-in');
  await expect(state(page)).toHaveAttribute('data-state', 'listening');
  await expect(state(page)).toContainText('Listening…');
  expect(await playback.playing()).toBe(0);
  expectInOrder(await states(), ['listening', 'thinking', 'speaking', 'listening']);

  // Nothing more of the first answer is asked for once it was stopped, up to the next question
  // (by then its whole stream has arrived: any sentence still to speak would have been fetched).
  await expect
    .poll(() => events.find((event) => event === 'turn-finished' || event === 'turn-failed'), {
      timeout: 30_000,
    })
    .toBeTruthy();
  await askAloud(page, mic);
  const bargeIn = events.indexOf('barge-in');
  const nextTurn = events.indexOf('turn-sent', bargeIn);
  expect(
    events.slice(bargeIn, nextTurn).filter((event) => event === 'speak'),
    JSON.stringify(events),
  ).toEqual([]);
  await page.getByTestId('voice-mode-end').click();
  await expect(voiceMode(page)).toHaveCount(0);
  expect(await playback.playing()).toBe(0);
});

test('barge-in by speaking: the speech stops, and what was said is the next question', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { mic, states, playback, events } = await setUp(page);
  await openVoiceMode(page);
  await askAloud(page, mic);
  await expect.poll(() => playback.playing()).toBe(1);
  const started = await playback.started();

  const spoken = mic.say();
  await expect(state(page)).not.toHaveAttribute('data-state', 'speaking', { timeout: 10_000 });
  expect(await playback.playing()).toBe(0);
  await spoken;
  // The words that interrupted are heard and answered as the next turn.
  await expect(state(page)).toHaveAttribute('data-state', 'speaking', { timeout: 30_000 });
  expect(events.filter((event) => event === 'turn-sent')).toHaveLength(2);
  // 'speaking' shows as the answer's first sentence is fetched; its playback starts right after.
  await expect.poll(() => playback.started()).toBeGreaterThan(started);
  expectInOrder(await states(), ['listening', 'thinking', 'speaking', 'listening', 'thinking', 'speaking']);
  await page.getByTestId('voice-mode-end').click();
  await expect(voiceMode(page)).toHaveCount(0);
  expect(await playback.playing()).toBe(0);
  await expect(messages(page, 'user')).toHaveCount(2);
});
