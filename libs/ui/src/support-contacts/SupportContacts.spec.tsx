import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SupportContacts as Contacts } from '@kasa/contracts';
import { KasaUiProvider } from '../KasaUiProvider';
import { LegalFooter } from '../PageFrame';
import { SupportContacts } from './SupportContacts';

const ALL: Contacts = { email: 'help@kasa.example', whatsapp: '+237677123456', phone: '+2348031234567' };

function renderContacts(support: Contacts | undefined, language: 'en' | 'fr' = 'en') {
  return render(
    <KasaUiProvider appInfo={{ support }} initialLanguage={language}>
      <SupportContacts />
    </KasaUiProvider>,
  );
}

test('each configured contact is a link: mailto:, WhatsApp click-to-chat with digits only, tel:', () => {
  renderContacts(ALL);
  const list = screen.getByRole('list', { name: 'Support contacts' });
  const links = within(list).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['E-mail: help@kasa.example', 'mailto:help@kasa.example'],
    ['WhatsApp: +237677123456', 'https://wa.me/237677123456'],
    ['Phone: +2348031234567', 'tel:+2348031234567'],
  ]);
  // WhatsApp's page opens beside Kasa, without access back to it.
  expect(links[1]).toHaveAttribute('target', '_blank');
  expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
  expect(links[0]).not.toHaveAttribute('target');
});

test('only the configured contacts show, in French too', () => {
  renderContacts({ phone: '+237677123456' }, 'fr');
  const list = screen.getByRole('list', { name: "Contacts de l'assistance" });
  expect(
    within(list)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Téléphone : +237677123456']);
});

test('renders nothing when no contact is configured', () => {
  renderContacts({});
  expect(screen.queryByTestId('support-contacts')).not.toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
  renderContacts(undefined);
  expect(screen.queryByTestId('support-contacts')).not.toBeInTheDocument();
});

test('the legal footer shows the contacts as a row of links', () => {
  render(
    <MemoryRouter>
      <KasaUiProvider appInfo={{ support: { email: 'help@kasa.example' } }}>
        <LegalFooter />
      </KasaUiProvider>
    </MemoryRouter>,
  );
  const contacts = within(screen.getByTestId('legal-footer')).getByTestId('footer-support');
  expect(contacts).toHaveClass('kasa-support-list', 'kasa-support-list-row', 'kasa-footer-support');
  expect(within(contacts).getByRole('link', { name: 'E-mail: help@kasa.example' })).toHaveAttribute(
    'href',
    'mailto:help@kasa.example',
  );
  // Static classes only: nothing in the footer is styled by emotion at run time.
  expect(contacts.outerHTML).not.toMatch(/css-/);
});

test('the legal footer has no support line when no contact is configured', () => {
  render(
    <MemoryRouter>
      <KasaUiProvider>
        <LegalFooter />
      </KasaUiProvider>
    </MemoryRouter>,
  );
  expect(screen.getByTestId('legal-footer')).toBeInTheDocument();
  expect(screen.queryByTestId('footer-support')).not.toBeInTheDocument();
});
