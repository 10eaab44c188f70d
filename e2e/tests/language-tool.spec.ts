import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/media';
import { E2E_ADMIN, signedIn, useAccount, type TestAccount } from '../support/session';

// The language tool from the composer's plus button, against the real dictionary: the e2e server
// starts with the automatic import on, so each test first waits until /stats says it has loaded.
// Nothing else is configured (no chat model): translate and analyse answer from the dictionary
// and the offline analysers.

const STATS = '/api/enhancements/language-tool/stats';

/** What the tests read of GET …/stats (libs/contracts DictionaryStats). */
interface DictionaryStats {
  entries: number;
  lastImport: { status: string } | null;
  dictionaryLoading: unknown;
}

/** Waits (up to 3 minutes, the first import on a fresh database) until the dictionary has loaded. */
async function waitForDictionary(request: APIRequestContext, token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(STATS, { headers: { Authorization: `Bearer ${token}` } });
        expect(response.status(), await response.text()).toBe(200);
        const stats = (await response.json()) as DictionaryStats;
        // What the failure message shows when it never loads.
        return !stats.dictionaryLoading && stats.lastImport?.status === 'complete' && stats.entries > 0
          ? 'loaded'
          : JSON.stringify({
              entries: stats.entries,
              lastImport: stats.lastImport,
              loading: stats.dictionaryLoading,
            });
      },
      { timeout: 180_000, intervals: [1000, 2000, 5000] },
    )
    .toBe('loaded');
}

/** The administrator serve-app.mjs names in ADMIN_USERNAMES (created on first use, else signed into). */
async function adminAccount(request: APIRequestContext): Promise<TestAccount> {
  const registered = await request.post('/api/auth/register', { data: E2E_ADMIN });
  const response =
    registered.status() === 409 ? await request.post('/api/auth/login', { data: E2E_ADMIN }) : registered;
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { ...E2E_ADMIN, token };
}

async function openLanguageTool(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  await page.getByRole('menuitem', { name: 'Language Tool', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Language Tool' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openTab(dialog: Locator, name: string): Promise<Locator> {
  await dialog.getByRole('tab', { name, exact: true }).click();
  const panel = dialog.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Chooses a language in a picker by typing part of its name. */
async function pick(page: Page, picker: Locator, typed: string, name: RegExp): Promise<void> {
  await picker.click();
  await picker.fill(typed);
  await page.getByRole('option', { name }).first().click();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the four tabs; translate water → mu; define; analyse a French sentence; add to the chat', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const account = await signedIn(page);
    await waitForDictionary(page.request, account.token);
    await page.goto('/chat');
    const dialog = await openLanguageTool(page);

    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveText(['Translate', 'Dictionary', 'AI Analysis', 'Database']);
    await expect(dialog.getByRole('tab', { name: 'AI Analysis' })).toHaveAttribute('aria-selected', 'true');

    // Translate: English → Babanki by default; the same language twice is refused.
    const translate = await openTab(dialog, 'Translate');
    const from = translate.getByRole('combobox', { name: 'From' });
    const to = translate.getByRole('combobox', { name: 'To' });
    await expect(from).toHaveValue('English');
    await expect(to).toHaveValue('Babanki');
    await translate.getByRole('textbox', { name: 'Text to translate' }).fill('water');
    await pick(page, to, 'Engl', /^English/);
    await expect(translate.getByTestId('same-language')).toBeVisible();
    await expect(translate.getByRole('button', { name: 'Translate' })).toBeDisabled();
    await pick(page, to, 'Babanki', /^Babanki/);
    await translate.getByRole('button', { name: 'Translate' }).click();
    const translated = translate.getByTestId('translate-result');
    await expect(translated.getByTestId('translation')).toContainText('mu');
    await expect(translated.getByTestId('translate-source')).toHaveText('Dictionary');
    await expect(translated.getByTestId('translate-matches')).toContainText('water');
    // A sentence without a chat model is a word-by-word gloss, labelled as such.
    await translate.getByRole('textbox', { name: 'Text to translate' }).fill('Water and leaf');
    await translate.getByRole('button', { name: 'Translate' }).click();
    await expect(
      translated.getByRole('heading', { name: /Word-by-word gloss \(not a translation\)/ }),
    ).toBeVisible();
    await expect(translated.getByTestId('gloss-needs-model')).toHaveText(
      'A full translation needs an AI model on this server.',
    );
    await expect(translated.getByTestId('gloss-unknown')).toContainText('and (not in the dictionary)');
    await expect(translated).not.toContainText('[');

    // Dictionary: 'water' in Babanki.
    const dictionary = await openTab(dialog, 'Dictionary');
    await pick(page, dictionary.getByRole('combobox', { name: 'Language' }), 'Babanki', /^Babanki/);
    await dictionary.getByRole('searchbox', { name: 'Word or English meaning' }).fill('water');
    await dictionary.getByRole('searchbox', { name: 'Word or English meaning' }).press('Enter');
    const definitions = dictionary.getByTestId('definition');
    await expect(definitions.first()).toBeVisible();
    await expect(definitions.filter({ hasText: 'mu' }).first()).toContainText('water');
    await expect(definitions.first().getByTestId('entry-source')).not.toBeEmpty();
    // A word nothing matches: the empty state.
    await dictionary.getByRole('searchbox', { name: 'Word or English meaning' }).fill('qqqxqqq');
    await dictionary.getByRole('searchbox', { name: 'Word or English meaning' }).press('Enter');
    await expect(dictionary.getByTestId('define-empty')).toHaveText('No dictionary entries found');

    // AI Analysis: a French sentence.
    const analysis = await openTab(dialog, 'AI Analysis');
    await analysis
      .getByRole('textbox', { name: 'Text to analyse' })
      .fill("Bonjour, je voudrais boire de l'eau fraîche avec mes amis ce soir à Yaoundé.");
    await analysis.getByRole('button', { name: 'Analyze' }).click();
    const result = analysis.getByTestId('analysis-result');
    await expect(result.getByTestId('detected-language')).toContainText('French', { timeout: 20_000 });
    await expect(result.getByTestId('cultural-context')).toBeVisible();

    // Database: the statistics for everyone, no Populate button for a user who is not an admin.
    const database = await openTab(dialog, 'Database');
    await expect(database.getByTestId('dictionary-stats')).toBeVisible();
    await expect(database.getByTestId('stats-languages')).not.toHaveText('0');
    await expect(database.getByRole('link', { name: 'Sources and licence' })).toHaveAttribute(
      'href',
      '/legal/terms#open-data',
    );
    await expect(database.getByRole('button', { name: 'Populate Database' })).toHaveCount(0);

    // The analysis goes into the input.
    await openTab(dialog, 'AI Analysis');
    await result.getByRole('button', { name: 'Add to chat' }).click();
    await expect(page.getByTestId('toast')).toContainText('Enhancement Added');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('chat-input')).toHaveValue(/French/);
  });

  test('the admin runs Populate Database: progress, the first 10 results, complete', async ({ page }) => {
    test.setTimeout(300_000);
    const admin = await adminAccount(page.request);
    await useAccount(page, admin);
    await waitForDictionary(page.request, admin.token);
    await page.goto('/chat');
    const dialog = await openLanguageTool(page);
    const database = await openTab(dialog, 'Database');
    await expect(database.getByTestId('dictionary-stats')).toBeVisible();
    await database.getByRole('button', { name: 'Populate Database' }).click();
    const progress = database.getByTestId('populate-progress');
    await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(progress.getByTestId('populate-count')).toContainText(/\d+ of \d+ languages/);
    const results = progress.getByTestId('populate-results').getByRole('listitem');
    await expect(results.first()).toBeVisible({ timeout: 60_000 });
    await expect(progress.getByTestId('populate-complete')).toBeVisible({ timeout: 240_000 });
    await expect(results).toHaveCount(10);
    await expect(progress.getByTestId('populate-failure')).toHaveCount(0);
    // A re-run changes nothing: the statistics still show the dictionary.
    await expect(database.getByTestId('last-import')).toContainText('Complete');
  });
});

test.describe('360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dialog fits: tabs, the picker, translate and the Database tab', async ({ page }) => {
    test.setTimeout(240_000);
    const account = await signedIn(page);
    await waitForDictionary(page.request, account.token);
    await page.goto('/chat');
    const dialog = await openLanguageTool(page);
    await expectNoHorizontalScroll(page);
    // The four tabs fit the phone's width: none is cut off.
    for (const tab of await dialog.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }

    const translate = await openTab(dialog, 'Translate');
    await expect(translate.getByRole('combobox', { name: 'To' })).toHaveValue('Babanki');
    // The picker finds a language by its country.
    await translate.getByRole('combobox', { name: 'From' }).click();
    await translate.getByRole('combobox', { name: 'From' }).fill('Nigeria');
    await expect(page.getByRole('option', { name: /Igbo/ }).first()).toBeVisible();
    await pick(page, translate.getByRole('combobox', { name: 'From' }), 'English', /^English/);
    await translate.getByRole('textbox', { name: 'Text to translate' }).fill('water');
    await translate.getByRole('button', { name: 'Translate' }).click();
    await expect(translate.getByTestId('translation')).toContainText('mu');
    await expectNoHorizontalScroll(page);

    const database = await openTab(dialog, 'Database');
    await expect(database.getByTestId('dictionary-stats')).toBeVisible();
    await expect(database.getByRole('button', { name: 'Populate Database' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });
});
