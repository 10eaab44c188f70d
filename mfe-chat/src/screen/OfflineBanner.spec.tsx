import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/chat-harness';
import { OfflineBanner } from './OfflineBanner';

const REASON_ID = 'offline-reason';

function renderBanner(language: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <>
      <OfflineBanner reasonId={REASON_ID} />
      <button type="button" disabled aria-describedby={REASON_ID}>
        Search the web
      </button>
    </>,
    { language },
  );
}

test('one line says you are offline; the details (what still works) open and close on their toggle', async () => {
  renderBanner();
  expect(within(screen.getByTestId('offline-banner')).getByRole('status')).toHaveTextContent(
    'You are offline',
  );
  const toggle = screen.getByRole('button', { name: 'What still works' });
  const details = screen.getByTestId('offline-details');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveAttribute('aria-controls', details.id);
  expect(details).not.toBeVisible();

  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(details).toBeVisible();
  expect(details).toHaveTextContent('messages you write are kept and sent when the network returns');

  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(details).not.toBeVisible();
});

test('closing hides the banner but keeps the reason the disabled actions point at', async () => {
  renderBanner();
  await userEvent.click(screen.getByRole('button', { name: 'Hide the offline notice' }));
  expect(screen.queryByTestId('offline-banner')).toBeNull();
  expect(screen.getByRole('button', { name: 'Search the web' })).toHaveAccessibleDescription(
    'Needs a connection',
  );
});

test('shown again when it mounts again (the next time the connection drops)', async () => {
  const view = renderBanner();
  await userEvent.click(screen.getByRole('button', { name: 'Hide the offline notice' }));
  view.unmount();
  renderBanner();
  expect(screen.getByTestId('offline-banner')).toBeVisible();
});

test('speaks French', () => {
  renderBanner('fr');
  expect(within(screen.getByTestId('offline-banner')).getByRole('status')).toHaveTextContent(
    'Vous êtes hors ligne',
  );
  expect(screen.getByRole('button', { name: 'Ce qui marche encore' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: "Masquer l'avis hors ligne" })).toBeInTheDocument();
});
