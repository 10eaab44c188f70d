/**
 * Copies text (`@kasa/ui/clipboard`, bundled into each app: a copy must run inside the tap that
 * asked for it, so it never waits for a lazily loaded chunk): the Clipboard API where the page may use it, else a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (no secure context, permission): try the old way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const active = document.activeElement as HTMLElement | null;
  area.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
    active?.focus?.();
  }
  if (!ok) throw new Error('Copy is not available');
}
