import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { ShellApp } from '../ShellApp';
import { RUNTIME_CONFIG } from '../testing/runtime-config';

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  localStorage.clear();
});

function renderLanding() {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  render(
    <MemoryRouter initialEntries={['/']}>
      <ShellApp
        initialConfig={RUNTIME_CONFIG}
        loadConfig={() => Promise.resolve(RUNTIME_CONFIG)}
        createRemoteLoader={() => () => Promise.reject(new Error('no remote on the landing page'))}
        queryClient={createQueryClient()}
      />
    </MemoryRouter>,
  );
}

// A phone shows the page in its order (static.css, .kasa-landing-main): the form must come before
// the feature cards to be on the first screen.
test('the sign-in form comes after the hero and before the feature cards', async () => {
  renderLanding();
  const features = await screen.findByTestId('landing-features');
  const hero = screen.getByRole('heading', { level: 1 });
  const username = screen.getByTestId('auth-username');
  expect(hero.compareDocumentPosition(username) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(username.compareDocumentPosition(features) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

// Emoji render as empty boxes on phones without an emoji font: each feature draws its icon.
test('each landing feature shows a drawn (SVG) icon and no emoji', async () => {
  renderLanding();
  const items = within(await screen.findByTestId('landing-features')).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  for (const item of items) {
    const icon = item.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon!.querySelector('path')).not.toBeNull();
    expect(item.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  }
});
