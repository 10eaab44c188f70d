import { expect, test, type Locator, type Page } from '@playwright/test';
import { withFakeMicrophone } from '../support/browser';
import {
  MAGIC,
  audioDurationIn,
  downloadFrom,
  expectImageLoaded,
  expectNoHorizontalScroll,
} from '../support/media';
import { signedIn } from '../support/session';
import { goForwardWavFile } from '../support/speech';

// AI Studio with the offline engines (the e2e server configures no provider): images are drawn by
// 'offline-illustration', speech is synthesised locally and pocketsphinx transcribes.
// The microphone is Chromium's fake device playing a real recording of "go forward ten meters".
test.use({ launchOptions: withFakeMicrophone(goForwardWavFile()), permissions: ['microphone'] });

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

const toast = (page: Page) => page.getByTestId('toast');

/** The '12.3' in a text such as 'Duration: 12.3 s'. */
const secondsIn = async (element: Locator) => Number((await element.textContent())?.match(/\d+\.\d/)?.[0]);

test.describe('Media Studio', () => {
  test('prompt → Generate → a loaded image with its model badge → Download a PNG → Clear', async ({
    page,
  }) => {
    await page.goto('/ai-studio?tab=media');
    const prompt = page.getByTestId('media-prompt');
    await prompt.fill('A maize field at sunrise in Bamenda');
    await expect(page.getByTestId('media-prompt-count')).toHaveText('35/1000');
    await page.getByTestId('media-generate').click();

    await expect(toast(page)).toContainText('Media generated successfully!');
    const result = page.getByTestId('media-result');
    await expectImageLoaded(result.getByTestId('media-result-image'));
    await expect(result.getByTestId('media-result-model')).toHaveText('offline-illustration');
    await expect(result.getByTestId('media-result-size')).toHaveText('1024x1024');
    await expect(result.getByTestId('media-result-format')).toHaveText('PNG');

    const saved = await downloadFrom(page, result.getByTestId('media-download'));
    expect(saved.name).toBe('kasa-image.png');
    expect(saved.bytes.subarray(0, 8)).toEqual(MAGIC.png);
    expect(saved.bytes.length).toBeGreaterThan(1000);

    await result.getByTestId('media-clear').click();
    await expect(page.getByTestId('media-result')).toHaveCount(0);
  });

  test('a blank prompt cannot be sent: Generate is disabled and Ctrl+Enter says a prompt is required', async ({
    page,
  }) => {
    let generateRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/media/generate')) generateRequests += 1;
    });
    await page.goto('/ai-studio?tab=media');
    const prompt = page.getByTestId('media-prompt');
    await expect(page.getByTestId('media-generate')).toBeDisabled();
    await prompt.fill('   ');
    await expect(page.getByTestId('media-generate')).toBeDisabled();
    await prompt.press('Control+Enter');
    await expect(toast(page)).toContainText('Prompt required');
    await expect(toast(page)).toContainText('Please enter a prompt to generate media.');
    await expect(page.getByTestId('media-result')).toHaveCount(0);
    expect(generateRequests).toBe(0);
  });
});

test.describe('Voice Lab', () => {
  test('text to speech: voice, format, Generate Speech → audio that loads → Download → Clear', async ({
    page,
  }) => {
    await page.goto('/ai-studio?tab=voice');
    await page.getByTestId('tts-voice').selectOption('nova');
    await page.getByTestId('tts-format').selectOption('flac');
    await page.getByTestId('tts-text').fill('Plant maize when the first rains come.');
    await page.getByTestId('tts-generate').click();

    await expect(toast(page)).toContainText('Speech generated successfully!');
    const result = page.getByTestId('tts-result');
    await expect(result.getByTestId('tts-result-voice')).toHaveText('Nova');
    await expect(result.getByTestId('tts-result-format')).toHaveText('FLAC');
    await expect(result.getByTestId('tts-result-text')).toHaveText('Plant maize when the first rains come.');

    const audioUrl = await result.getByTestId('tts-play-audio').getAttribute('src');
    expect(audioUrl).toBeTruthy();
    expect(await audioDurationIn(page, audioUrl!)).toBeGreaterThan(0.5);

    const saved = await downloadFrom(page, result.getByTestId('tts-download'));
    expect(saved.name).toBe('kasa-speech.flac');
    expect(saved.bytes.subarray(0, 4).toString('latin1')).toBe('fLaC');

    await result.getByTestId('tts-clear').click();
    await expect(page.getByTestId('tts-result')).toHaveCount(0);
  });

  test('speech to text: Start Recording on the microphone, Stop, Transcribe → English, a duration, the words', async ({
    page,
  }) => {
    await page.goto('/ai-studio?tab=voice');
    await page.getByTestId('stt-record').click();
    await expect(page.getByTestId('stt-chosen')).toHaveText('Recording...');
    // The fake microphone loops 4.3 s of audio: five seconds hold at least one whole sentence.
    await page.waitForTimeout(5_500);
    await page.getByTestId('stt-stop').click();
    const chosen = page.getByTestId('stt-chosen');
    await expect(chosen).toHaveText(/^Recording ready \(\d+\.\d s\)$/);
    const recordedSeconds = await secondsIn(chosen);
    expect(recordedSeconds).toBeGreaterThanOrEqual(5);

    await page.getByTestId('stt-transcribe').click();
    await expect(toast(page)).toContainText('Audio transcribed successfully!', { timeout: 30_000 });
    const result = page.getByTestId('stt-result');
    await expect(result.getByTestId('stt-result-language')).toHaveText('Language: en');
    const duration = result.getByTestId('stt-result-duration');
    await expect(duration).toHaveText(/^Duration: \d+\.\d s$/);
    // The server measures the uploaded recording itself: the same length, to a tenth of a second.
    expect(Math.abs((await secondsIn(duration)) - recordedSeconds)).toBeLessThanOrEqual(0.11);
    // pocketsphinx is approximate: one robust word of "go forward ten meters".
    await expect(result.getByTestId('stt-result-text')).toContainText(/\bforward\b/);
  });

  test('speech to text: Upload Audio of a WAV file → its words; a file that is not audio → Invalid file', async ({
    page,
  }) => {
    await page.goto('/ai-studio?tab=voice');
    const file = page.getByTestId('stt-file');

    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a recording'),
    });
    await expect(toast(page)).toContainText('Invalid file');
    await expect(toast(page)).toContainText('Please select an audio file.');
    await expect(page.getByTestId('stt-transcribe')).toBeDisabled();

    await file.setInputFiles(goForwardWavFile());
    await expect(page.getByTestId('stt-chosen')).toHaveText('File: goforward-16k-mono.wav');
    await page.getByTestId('stt-transcribe').click();
    const result = page.getByTestId('stt-result');
    await expect(result.getByTestId('stt-result-language')).toHaveText('Language: en', { timeout: 30_000 });
    // 0.5 s of silence, 2.79 s of speech, 1 s of silence.
    await expect(result.getByTestId('stt-result-duration')).toHaveText('Duration: 4.3 s');
    await expect(result.getByTestId('stt-result-text')).toContainText(/\bgo forward\b/);

    const saved = await downloadFrom(page, result.getByTestId('stt-download'));
    expect(saved.bytes.subarray(0, 4)).toEqual(MAGIC.wav);
  });
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Media Studio with a result and Voice Lab never scroll sideways', async ({ page }) => {
    await page.goto('/ai-studio?tab=media');
    await page.getByTestId('media-prompt').fill('Cassava leaves with mosaic disease, close up, '.repeat(8));
    await page.getByTestId('media-generate').click();
    await expectImageLoaded(page.getByTestId('media-result-image'));
    await expectNoHorizontalScroll(page);

    await page.getByTestId('studio-tab-voice').click();
    await expect(page.getByTestId('tts')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
