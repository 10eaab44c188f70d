import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useControllableMicrophone } from '../support/microphone';
import { registerAccount, useAccount, type TestAccount } from '../support/session';
import { sendChatMessages } from '../support/usage';

// Accessibility (docs/architecture.md#accessibility): axe-core (WCAG 2 A and AA rules, and the
// landmark and role rules of its best practices) finds no serious or critical violation on any
// screen or dialog. The main screens are checked in every combination of phone (360 px) /
// desktop, English / French and colour / mono theme; the other screens and tabs in two opposite
// combinations (phone, English, colour and desktop, French, mono), which between them meet every
// theme, language and layout; the rarer menus, dialogs and panels once, in the colour theme. One
// account for the signed-in tests (sign-ups are slow); each test walks its screens and reports
// every violation it met at the end, not only the first (AXE_VERBOSE=1 prints them as found).

interface Combination {
  viewport: 'phone' | 'desktop';
  language: 'en' | 'fr';
  theme: 'color' | 'mono';
}

const VIEWPORTS = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

const EVERY_COMBINATION: Combination[] = (['phone', 'desktop'] as const).flatMap((viewport) =>
  (['en', 'fr'] as const).flatMap((language) =>
    (['color', 'mono'] as const).map((theme) => ({ viewport, language, theme })),
  ),
);

// The other screens and tabs: two combinations that differ in everything.
const TWO_COMBINATIONS: Combination[] = [
  { viewport: 'phone', language: 'en', theme: 'color' },
  { viewport: 'desktop', language: 'fr', theme: 'mono' },
];

// The rarer dialogs and menus: the colour theme (the accent's contrast is the risk) on a phone.
const ONE_COMBINATION: Combination = TWO_COMBINATIONS[0];

const label = ({ viewport, language, theme }: Combination) => `${viewport}/${language}/${theme}`;

// Besides every serious or critical violation: the page's structure (axe's best-practice rules,
// moderate or minor): every part of a screen in a landmark, a dialog role only where it is allowed.
const STRUCTURE_RULES = new Set([
  'region',
  'aria-allowed-role',
  'aria-dialog-name',
  'landmark-complementary-is-top-level',
  'landmark-no-duplicate-main',
  'landmark-unique',
]);

/** Collects what axe finds, screen after screen; `expectNone()` fails once, listing them all. */
class AxeFindings {
  private readonly found: string[] = [];
  checked = 0;

  constructor(private readonly page: Page) {}

  /**
   * Until the page settles: axe reads colours mid-fade as lighter than they are (a dialog's or a
   * menu's enter transition, a button's colour changing as it becomes enabled once its data is in).
   * Endless animations (spinners) do not count.
   */
  private async settled(): Promise<void> {
    await this.page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    );
  }

  private analyze() {
    return (
      new AxeBuilder({ page: this.page })
        .withTags(['wcag2a', 'wcag2aa', 'best-practice'])
        // Only the violations are read: axe then details one node per passing rule, not all.
        .options({ resultTypes: ['violations'] })
        .analyze()
    );
  }

  /** Runs axe on the page as it is now (dialogs open included). */
  async check(where: string): Promise<void> {
    await this.settled();
    const started = Date.now();
    let results = await this.analyze();
    // A page whose data arrived while axe was reading (buttons turning from disabled to enabled
    // mid-scan) shows colours in between for a moment: a contrast finding must still be there once
    // the page has settled again to count.
    if (results.violations.some((violation) => violation.id === 'color-contrast')) {
      await this.page.waitForTimeout(500);
      await this.settled();
      results = await this.analyze();
    }
    this.checked += 1;
    if (process.env.AXE_VERBOSE) console.log(`${where}: ${Date.now() - started} ms`);
    for (const violation of results.violations) {
      const severe = violation.impact === 'serious' || violation.impact === 'critical';
      if (!severe && !STRUCTURE_RULES.has(violation.id)) continue;
      const nodes =
        violation.id === 'region' ? await this.outsideOpenMenus(violation.nodes) : violation.nodes;
      if (!nodes.length) continue;
      const targets = nodes.map((node) => {
        const detail = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? '';
        return `      ${node.target.join(' ')}${detail ? ` (${detail})` : ''}`;
      });
      const finding = `${where}: ${violation.id} [${violation.impact}] ${violation.help}\n${targets.join('\n')}`;
      this.found.push(finding);
      if (process.env.AXE_VERBOSE) console.log(finding);
    }
  }

  /**
   * An open menu (MUI's Menu: a popover over the page, role="menu" inside) is not page content a
   * landmark could hold: axe's `region` rule counts it, so its popover is left out of that rule.
   */
  private async outsideOpenMenus<T extends { target: unknown[] }>(nodes: T[]): Promise<T[]> {
    const kept: T[] = [];
    for (const node of nodes) {
      const selector = node.target.join(' ');
      const inMenu = await this.page.evaluate(
        (sel) => Boolean(document.querySelector(sel)?.closest('.MuiPopover-root:has([role="menu"])')),
        selector,
      );
      if (!inMenu) kept.push(node);
    }
    return kept;
  }

  expectNone(): void {
    expect(this.found, `axe found on ${this.checked} checks:\n${this.found.join('\n')}`).toEqual([]);
  }
}

/** Sets the viewport, language and theme for the next page load (they are read at start-up). */
async function use(page: Page, combination: Combination): Promise<void> {
  await page.setViewportSize(VIEWPORTS[combination.viewport]);
  await page.evaluate(({ language, theme }) => {
    localStorage.setItem('kasa-language', language);
    localStorage.setItem('kasa-theme', theme);
  }, combination);
}

async function open(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible();
}

const reply = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').first();

/** The sidebar: a column a desktop shows from the start, a drawer a phone opens. */
async function openSidebar(page: Page): Promise<void> {
  const sidebar = page.getByTestId('chat-sidebar');
  if (!(await sidebar.isVisible())) await page.getByTestId('sidebar-toggle').click();
  await expect(sidebar).toBeVisible();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe.configure({ timeout: 300_000 });

test('signed out: landing, sign-in, sign-up, forgot password and the legal pages', async ({ page }) => {
  const axe = new AxeFindings(page);
  await page.goto('/legal/terms');
  for (const combination of EVERY_COMBINATION) {
    await use(page, combination);
    await open(page, '/', page.getByTestId('auth-card'));
    await axe.check(`${label(combination)} / (sign in)`);
  }
  for (const combination of TWO_COMBINATIONS) {
    const at = label(combination);
    await use(page, combination);
    await open(page, '/', page.getByTestId('auth-card'));
    await page.getByTestId('auth-toggle-mode').click();
    await expect(page.getByTestId('auth-email')).toBeVisible();
    await axe.check(`${at} / (sign up)`);
    await page.getByTestId('auth-toggle-mode').click();
    await page.getByTestId('forgot-password').click();
    await expect(page.getByTestId('forgot-dialog')).toBeVisible();
    await axe.check(`${at} forgot password dialog`);
    await open(page, '/legal/privacy', page.getByRole('heading', { level: 1 }));
    await axe.check(`${at} /legal/privacy`);
  }
  // The legal pages share one layout: the others once.
  await use(page, ONE_COMBINATION);
  for (const slug of ['terms', 'cookies', 'fair-use', 'pricing']) {
    await open(page, `/legal/${slug}`, page.getByRole('heading', { level: 1 }));
    await axe.check(`${label(ONE_COMBINATION)} /legal/${slug}`);
  }
  axe.expectNone();
});

test.describe('signed in', () => {
  let account: TestAccount;
  let conversationPath: string;

  test.beforeAll(async ({ request }) => {
    // 40 of the Basic plan's 50 messages: the usage banner with its Payment Options link shows on
    // /chat (docs/product.md#usage-limit), and the account has conversations with a reply.
    account = await registerAccount(request);
    await sendChatMessages(request, account, 40);
    const list = await request.get('/api/chat/conversations', {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(list.status()).toBe(200);
    const [first] = (await list.json()) as Array<{ id: string }>;
    conversationPath = `/chat?c=${first.id}`;
  });

  test.beforeEach(async ({ page }) => {
    await useAccount(page, account);
  });

  test('the main screens in every combination', async ({ page }) => {
    const axe = new AxeFindings(page);
    await page.goto('/legal/terms');
    for (const combination of EVERY_COMBINATION) {
      const at = label(combination);
      await use(page, combination);
      await open(page, conversationPath, reply(page));
      await expect(page.getByTestId('usage-warning')).toBeVisible();
      await axe.check(`${at} /chat conversation + usage banner`);
      await open(page, '/ai-studio', page.getByRole('tabpanel'));
      await axe.check(`${at} /ai-studio`);
      await open(page, '/subscription', page.getByTestId('current-plan-badge'));
      await axe.check(`${at} /subscription`);
      await open(page, '/account', page.getByTestId('account-panel-overview'));
      await axe.check(`${at} /account`);
    }
    axe.expectNone();
  });

  test('the other screens and tabs in two combinations', async ({ page }) => {
    const axe = new AxeFindings(page);
    await page.goto('/legal/terms');
    for (const combination of TWO_COMBINATIONS) {
      const at = label(combination);
      await use(page, combination);
      await open(page, '/chat', page.getByTestId('chat-welcome'));
      await axe.check(`${at} /chat welcome`);
      await page.getByTestId('payment-options-link').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await axe.check(`${at} Payment Options dialog`);
      await closeDialog(page);
      await openSidebar(page);
      await expect(page.getByTestId('conversation-item').first()).toBeVisible();
      await axe.check(`${at} /chat sidebar`);

      for (const tab of ['media', 'voice']) {
        await open(page, `/ai-studio?tab=${tab}`, page.getByRole('tabpanel'));
        await axe.check(`${at} /ai-studio?tab=${tab}`);
      }
      for (const tab of ['profile', 'subscription', 'security', 'preferences', 'shared-links']) {
        await open(page, `/account?tab=${tab}`, page.getByTestId(`account-panel-${tab}`));
        await axe.check(`${at} /account?tab=${tab}`);
      }
    }
    axe.expectNone();
  });

  test('menus, dialogs and panels in one combination', async ({ page }) => {
    const axe = new AxeFindings(page);
    await page.context().grantPermissions(['microphone']);
    await useControllableMicrophone(page);
    await page.goto('/legal/terms');
    const at = label(ONE_COMBINATION);
    await use(page, ONE_COMBINATION);

    await open(page, '/subscription', page.getByTestId('current-plan-badge'));
    await page.getByTestId('pay-mobile-money').click();
    await expect(page.getByTestId('mobile-money-form')).toBeVisible();
    await axe.check(`${at} /subscription mobile money form`);

    await open(page, '/account?tab=preferences', page.getByTestId('account-panel-preferences'));
    await page.getByTestId('notifications-configure').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe.check(`${at} notifications dialog`);
    await closeDialog(page);
    await page.getByTestId('account-tab-security').click();
    await page.getByTestId('two-factor-enable').click();
    await expect(page.getByTestId('two-factor-secret')).toBeVisible();
    await axe.check(`${at} two-factor dialog`);
    await closeDialog(page);
    await page.getByTestId('delete-account-open').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe.check(`${at} delete account dialog`);
    await closeDialog(page);

    // The chat screen's menus and dialogs, on a conversation with a reply.
    await open(page, conversationPath, reply(page));
    await page.getByTestId('conversation-menu-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axe.check(`${at} conversation menu`);
    await page.getByRole('menu').getByRole('menuitem').first().click();
    await expect(page.getByTestId('share-dialog')).toBeVisible();
    await axe.check(`${at} share dialog`);
    await closeDialog(page);

    await page.getByTestId('enhancements-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axe.check(`${at} enhancements menu`);
    await page.keyboard.press('Escape');
    // Not cloud: the e2e server has no Google credentials, so its item is disabled ("Not available
    // on this server", checked with the menu above) and opens no dialog.
    for (const name of ['upload', 'search', 'canvas', 'research', 'languageTool']) {
      await page.getByTestId('enhancements-button').click();
      await page.getByTestId(`enhancement-${name}`).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await axe.check(`${at} ${name} dialog`);
      if (name === 'languageTool') {
        const tabs = dialog.getByRole('tab');
        for (let i = 1; i < (await tabs.count()); i += 1) {
          await tabs.nth(i).click();
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await axe.check(`${at} language tool tab ${i + 1}`);
        }
      }
      await closeDialog(page);
    }

    await openSidebar(page);
    await page.getByTestId('chat-sidebar').locator('button[aria-haspopup="dialog"]').click();
    const panel = page.getByTestId('quick-actions-panel');
    await expect(panel).toBeVisible();
    await axe.check(`${at} quick actions`);
    const actions = panel.locator('ul > li button');
    for (let i = 0; i < (await actions.count()); i += 1) {
      await actions.nth(i).click();
      await expect(actions).toHaveCount(0);
      await axe.check(`${at} quick action ${i + 1}`);
      await panel.locator('button').first().click(); // back to the list
    }
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    await page.getByTestId('composer-voice-mode').click();
    await expect(page.getByTestId('voice-mode-state')).toHaveAttribute('data-state', 'listening');
    await axe.check(`${at} voice mode`);
    axe.expectNone();
  });
});
