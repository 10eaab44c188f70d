import { expect, test, type Page } from '@playwright/test';
import { withFakeMicrophone } from '../support/browser';
import { audioDurationIn, expectImageLoaded, expectNoHorizontalScroll } from '../support/media';
import { signedIn } from '../support/session';
import { goForwardWavFile } from '../support/speech';

// The chat's Quick AI Actions panel with the offline engines (nothing configured on the e2e
// server). Its microphone is Chromium's fake device playing "go forward ten meters" in a loop.
test.use({ launchOptions: withFakeMicrophone(goForwardWavFile()), permissions: ['microphone'] });

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

const panel = (page: Page) => page.getByTestId('quick-actions-panel');
const toast = (page: Page) => page.getByTestId('toast');
const chatMessages = (page: Page) => page.getByTestId('chat-message');

/** Sends a first message, so a conversation is open (its id in the URL), and waits for the reply. */
async function openConversation(page: Page): Promise<void> {
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('What should I plant this season?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
}

/** On a phone 'Quick AI Tools' is in the sidebar drawer. */
async function openQuickActions(page: Page): Promise<void> {
  await page.getByTestId('sidebar-toggle').click();
  await page.getByRole('button', { name: 'Quick AI Tools' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Quick AI Actions' })).toBeVisible();
}

const chooseAction = (page: Page, name: string) =>
  panel(page).getByRole('button', { name, exact: true }).click();

test('Generate Image in an open conversation: the toast, the image, and after a reload the image message', async ({
  page,
}) => {
  await openConversation(page);
  await openQuickActions(page);
  await chooseAction(page, 'Generate Image');
  await expect(panel(page).getByRole('heading', { name: 'Generate Image' })).toBeVisible();
  await panel(page).getByLabel('Describe the image').fill('Healthy cocoa beans');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();

  await expect(toast(page)).toContainText('Image generated!');
  await expectImageLoaded(panel(page).getByRole('img'));

  await page.reload();
  await expect(panel(page)).toHaveCount(0);
  await expect(chatMessages(page).filter({ hasText: 'Healthy cocoa beans' })).toHaveCount(1);
  const imageMessage = chatMessages(page).filter({ has: page.getByRole('img') });
  await expect(imageMessage).toHaveCount(1);
  await expectImageLoaded(imageMessage.getByRole('img'));
});

test('Text to Speech gives audio the browser can play; back resets the action', async ({ page }) => {
  await page.goto('/chat');
  await openQuickActions(page);
  await chooseAction(page, 'Text to Speech');
  const text = panel(page).getByLabel('Text to read aloud');
  await text.fill('Water the seedlings in the evening.');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();

  await expect(toast(page)).toContainText('Speech generated!');
  const audio = panel(page).locator('audio');
  const audioUrl = await audio.getAttribute('src');
  expect(audioUrl).toBeTruthy();
  expect(await audioDurationIn(page, audioUrl!)).toBeGreaterThan(0.5);

  await panel(page).getByRole('button', { name: 'Back to the actions' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Quick AI Actions' })).toBeVisible();
  await chooseAction(page, 'Text to Speech');
  await expect(panel(page).getByLabel('Text to read aloud')).toHaveValue('');
  await expect(panel(page).locator('audio')).toHaveCount(0);
});

test('Voice Record on the microphone: Stop sends it, Audio transcribed! and the words', async ({ page }) => {
  await page.goto('/chat');
  await openQuickActions(page);
  await chooseAction(page, 'Voice Record');
  await panel(page).getByRole('button', { name: 'Start Recording' }).click();
  await expect(panel(page).getByRole('status')).toHaveText('Recording…');
  // The fake microphone loops 4.3 s of audio: five seconds hold at least one whole sentence.
  await page.waitForTimeout(5_500);
  await panel(page).getByRole('button', { name: 'Stop Recording' }).click();

  await expect(toast(page)).toContainText('Audio transcribed!', { timeout: 30_000 });
  await expect(toast(page)).toContainText('Language: en');
  const result = panel(page).getByTestId('transcription-result');
  await expect(result).toContainText('Language: en');
  await expect(result).toContainText(/\bforward\b/);

  await panel(page).getByRole('button', { name: 'Back to the actions' }).click();
  await chooseAction(page, 'Voice Record');
  await expect(panel(page).getByTestId('transcription-result')).toHaveCount(0);
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('an image made in a new chat starts a conversation: in Recent, on screen and after a reload', async ({
    page,
  }) => {
    await page.goto('/chat');
    await openQuickActions(page);
    await chooseAction(page, 'Generate Image');
    await panel(page).getByLabel('Describe the image').fill('Goats grazing under a mango tree');
    await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(toast(page)).toContainText('Image generated!');
    await expectImageLoaded(panel(page).getByRole('img'));
    // The chat opened the conversation the image started, as after a first message.
    await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
    const conversationUrl = page.url();

    await panel(page).getByRole('button', { name: 'Close Quick AI Actions' }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(chatMessages(page).filter({ hasText: 'Goats grazing under a mango tree' })).toHaveCount(1);
    await expectImageLoaded(chatMessages(page).getByRole('img'));
    await page.getByTestId('sidebar-toggle').click();
    const recent = page.getByTestId('recent-list').getByTestId('conversation-item');
    await expect(recent).toHaveCount(1);
    await expect(recent).toContainText('Goats grazing under a mango tree');
    await expectNoHorizontalScroll(page);

    await page.reload();
    expect(page.url()).toBe(conversationUrl);
    await expect(chatMessages(page)).toHaveCount(2);
    await expect(chatMessages(page).first()).toContainText('Goats grazing under a mango tree');
    await expectImageLoaded(chatMessages(page).nth(1).getByRole('img'));
  });

  test('the panel with a generated image never scrolls sideways', async ({ page }) => {
    await page.goto('/chat');
    await openQuickActions(page);
    await expect(panel(page)).toHaveAttribute('data-layout', 'full');
    await expectNoHorizontalScroll(page);
    await chooseAction(page, 'Generate Image');
    await panel(page).getByLabel('Describe the image').fill('Rows of young plantain suckers, '.repeat(10));
    await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
    await expectImageLoaded(panel(page).getByRole('img'));
    await expectNoHorizontalScroll(page);
    // Nor does the panel itself.
    const { scrollWidth, clientWidth } = await panel(page).evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
