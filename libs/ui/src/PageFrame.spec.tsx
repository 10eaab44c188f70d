import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { KasaUiProvider } from './KasaUiProvider';
import { Card, PageFrame, Section } from './PageFrame';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <KasaUiProvider appInfo={{ appName: 'Shamba' }}>
        <PageFrame title="Plans and usage" testId="billing-page">
          body
        </PageFrame>
      </KasaUiProvider>
    </MemoryRouter>,
  );
}

test('frame: product name, title, the four area links and the theme toggle', () => {
  renderAt('/subscription');
  expect(screen.getByTestId('billing-page')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Shamba' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('heading', { level: 1, name: 'Plans and usage' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Chat', '/chat'],
    ['AI Studio', '/ai-studio'],
    ['Subscription', '/subscription'],
    ['Account', '/account'],
  ]);
  expect(screen.getByRole('button', { name: 'White Mode' })).toBeInTheDocument();
});

test('marks the current area, also on its second path', () => {
  renderAt('/payments');
  expect(screen.getByRole('link', { name: 'Subscription' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current');
});

test('the chat link is current on / as well as /chat', () => {
  renderAt('/');
  expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
});

test('a section with a heading id is a region named by its heading; without one it is not a region', () => {
  render(
    <KasaUiProvider>
      <Section title="Help" headingId="help-title" variant="panel" testId="help">
        <p>Write to us.</p>
      </Section>
      <Section title="Overview" testId="overview">
        Soon.
      </Section>
    </KasaUiProvider>,
  );
  const help = screen.getByRole('region', { name: 'Help' });
  expect(help).toBe(screen.getByTestId('help'));
  expect(screen.getByRole('heading', { level: 2, name: 'Help' })).toHaveAttribute('id', 'help-title');
  expect(screen.queryByRole('region', { name: 'Overview' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).not.toHaveAttribute('id');
  expect(screen.getByTestId('overview')).toHaveTextContent('Soon.');
});

test("Card: Section's bordered frame without a heading, named by its label", () => {
  render(
    <Card component="aside" label="Add an e-mail" testId="nudge">
      text
    </Card>,
  );
  const card = screen.getByRole('complementary', { name: 'Add an e-mail' });
  expect(card).toBe(screen.getByTestId('nudge'));
  expect(getComputedStyle(card).borderStyle).toBe('solid');
});
