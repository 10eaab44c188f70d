import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DialogFrame } from './DialogFrame';

/** History traversals fire popstate in later tasks: enough turns for them, in order. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

function Page() {
  const [open, setOpen] = useState(true);
  return open ? (
    <DialogFrame title="Notifications" testId="test-dialog" onClose={() => setOpen(false)}>
      settings
    </DialogFrame>
  ) : (
    <p>the page</p>
  );
}

test("Back closes the account page's dialog and stays on the page", async () => {
  window.history.replaceState({ idx: 0 }, '', '/account?tab=preferences');
  render(<Page />);
  await settle();
  expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();

  window.history.back();
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('the page')).toBeInTheDocument();
  expect(window.location.search).toBe('?tab=preferences');
});

test('its close button takes its history entry back with it', async () => {
  window.history.replaceState({ idx: 0 }, '', '/account');
  render(<Page />);
  await settle();
  // Its own entry, over the page's.
  expect(window.history.state).toMatchObject({ idx: 0, kasaLayer: expect.anything() });
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await settle();
  expect(screen.getByText('the page')).toBeInTheDocument();
  expect(window.history.state).toEqual({ idx: 0 });
});
