import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DialogFrame, PHONE_QUERY } from './DialogFrame';
import { LanguageProvider } from './i18n';

/** History traversals fire popstate in later tasks: enough turns for them, in order. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

function Page({ title = 'Web Search' }: { title?: string }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <DialogFrame title={title} testId="test-dialog" onClose={() => setOpen(false)}>
      settings
    </DialogFrame>
  ) : (
    <p>the page</p>
  );
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

test('Back closes a dialog and stays on the page under it (chat and account alike)', async () => {
  for (const [path, search] of [
    ['/chat?c=1', '?c=1'],
    ['/account?tab=preferences', '?tab=preferences'],
  ]) {
    window.history.replaceState({ idx: 0 }, '', path);
    const { unmount } = render(<Page />);
    await settle();
    expect(screen.getByRole('dialog', { name: 'Web Search' })).toBeInTheDocument();

    window.history.back();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(window.location.search).toBe(search);
    unmount();
  }
});

test('Escape closes it', async () => {
  window.history.replaceState({ idx: 0 }, '', '/account');
  render(<Page />);
  await settle();
  await userEvent.keyboard('{Escape}');
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('the page')).toBeInTheDocument();
});

test('its close button takes its history entry back with it', async () => {
  window.history.replaceState({ idx: 0 }, '', '/chat');
  render(<Page />);
  await settle();
  // Its own entry, over the page's.
  expect(window.history.state).toMatchObject({ idx: 0, kasaLayer: expect.anything() });
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await settle();
  expect(screen.getByText('the page')).toBeInTheDocument();
  expect(window.history.state).toEqual({ idx: 0 });
});

test('full screen on a phone, a window from 600 px', async () => {
  for (const phone of [true, false]) {
    window.matchMedia = ((query: string) => ({
      matches: query === PHONE_QUERY && phone,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    window.history.replaceState({ idx: 0 }, '', '/chat');
    const { unmount } = render(<Page />);
    await settle();
    const paper = screen.getByRole('dialog', { name: 'Web Search' });
    expect(paper.className.includes('MuiDialog-paperFullScreen')).toBe(phone);
    unmount();
    await settle();
  }
});

test('in French: the close button says Fermer', async () => {
  window.history.replaceState({ idx: 0 }, '', '/account');
  render(
    <LanguageProvider initialLanguage="fr">
      <Page title="Notifications" />
    </LanguageProvider>,
  );
  await settle();
  expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
});
