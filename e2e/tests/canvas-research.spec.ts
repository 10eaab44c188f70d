import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/media';
import { signedIn } from '../support/session';

// The canvas editor and the research dialog from the composer's plus button, on a desktop-sized
// window and on a 360 px phone, both with a touch screen. Research runs offline (nothing
// configured on the e2e server).
const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '360 px phone', viewport: { width: 360, height: 740 } },
];

async function openTool(page: Page, name: 'Canvas' | 'Research'): Promise<Locator> {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Pixels of the canvas that are not white: what has been drawn. */
const inked = (canvas: Locator) =>
  canvas.evaluate((node: HTMLCanvasElement) => {
    const { data } = node.getContext('2d')!.getImageData(0, 0, node.width, node.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250) count++;
    return count;
  });

/** A finger dragged across the canvas: real touch input, which the browser turns into touch pointer events. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= 8; i++) {
    const x = from.x + ((to.x - from.x) * i) / 8;
    const y = from.y + ((to.y - from.y) * i) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const { label, viewport } of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await signedIn(page);
      await page.goto('/chat');
    });

    test('Canvas: draw with the mouse and a finger, undo and redo, save → the chip in the draft', async ({
      page,
    }) => {
      const dialog = await openTool(page, 'Canvas');
      const canvas = dialog.getByTestId('canvas-drawing');
      await expect(canvas).toHaveCSS('touch-action', 'none');
      expect(await canvas.evaluate((node: HTMLCanvasElement) => [node.width, node.height])).toEqual([
        800, 600,
      ]);
      // The 800 px canvas fits the window (shrunk on a phone), and the page does not scroll sideways.
      const box = (await canvas.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(viewport.width);
      await expectNoHorizontalScroll(page);
      expect(await inked(canvas)).toBe(0);

      await canvas.scrollIntoViewIfNeeded();
      const at = async (fx: number, fy: number) => {
        const b = (await canvas.boundingBox())!;
        return { x: b.x + b.width * fx, y: b.y + b.height * fy };
      };
      const start = await at(0.1, 0.2);
      const end = await at(0.9, 0.3);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(end.x, end.y, { steps: 10 });
      await page.mouse.up();
      const afterMouse = await inked(canvas);
      expect(afterMouse).toBeGreaterThan(500);
      // The stroke reaches across the canvas's own pixels, not just the width it is shown at.
      const reach = await canvas.evaluate((node: HTMLCanvasElement) => {
        const { data } = node.getContext('2d')!.getImageData(node.width * 0.85, 0, 1, node.height);
        return data.some((v, i) => i % 4 !== 3 && v < 250);
      });
      expect(reach).toBe(true);

      await dialog.getByRole('button', { name: 'Red', exact: true }).click();
      await canvas.scrollIntoViewIfNeeded();
      await touchDrag(page, await at(0.2, 0.7), await at(0.8, 0.8));
      await expect.poll(() => inked(canvas)).toBeGreaterThan(afterMouse + 200);
      const afterTouch = await inked(canvas);

      await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => inked(canvas)).toBe(afterMouse);
      await dialog.getByRole('button', { name: 'Redo', exact: true }).click();
      await expect.poll(() => inked(canvas)).toBe(afterTouch);
      await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => inked(canvas)).toBe(0);
      await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => inked(canvas)).toBe(afterTouch);

      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByText('Please enter a title for your canvas')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Field plan');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('toast')).toContainText('Enhancement Added');
      const chip = page.getByTestId('draft-attachment');
      await expect(chip).toHaveCount(1);
      await expect(chip).toContainText('Field plan');

      // Saved: listed under My canvases, and it opens at its size with what was drawn.
      const again = await openTool(page, 'Canvas');
      await again.getByRole('button', { name: 'My canvases' }).click();
      await again.getByRole('button', { name: 'Open “Field plan”' }).click();
      await expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue('Field plan');
      await expect.poll(() => inked(again.getByTestId('canvas-drawing'))).toBeGreaterThan(afterMouse);
      await expectNoHorizontalScroll(page);
    });

    test('Research offline: progress, the summary with its label and sources, Add puts it in the input', async ({
      page,
    }) => {
      const dialog = await openTool(page, 'Research');
      const field = dialog.getByRole('textbox', { name: 'What do you want to research?' });
      await field.fill('   ');
      await field.press('Enter');
      await expect(dialog.getByTestId('research-progress')).toHaveCount(0);

      await field.fill('Kasa terms of service');
      await field.press('Shift+Enter');
      await expect(field).toHaveValue('Kasa terms of service\n');
      const polled = page.waitForRequest(/\/api\/enhancements\/research\/progress\/[0-9a-f-]{36}$/);
      await field.press('Enter');
      await polled;

      const result = dialog.getByTestId('research-result');
      await expect(result).toBeVisible({ timeout: 20_000 });
      await expect(result.getByTestId('research-offline')).toHaveText(
        "Offline research: from Kasa's local index, summarised without an AI model.",
      );
      const summary = (await result.getByTestId('research-summary').innerText()).trim();
      expect(summary.length).toBeGreaterThan(0);
      const sources = result.getByTestId('research-sources').getByRole('listitem');
      await expect(sources.first()).toContainText('Kasa (local)');
      await expect(sources.first().getByRole('link').first()).toHaveAttribute('target', '_blank');
      await expectNoHorizontalScroll(page);

      await result.getByRole('button', { name: 'Add to message' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('toast')).toContainText('Enhancement Added');
      const input = page.getByTestId('chat-input');
      await expect(input).toHaveValue(
        new RegExp(summary.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
    });
  });
}
