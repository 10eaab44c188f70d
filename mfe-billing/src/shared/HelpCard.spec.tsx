import { screen, within } from '@testing-library/react';
import { renderRemote } from '@kasa/ui/testing';
import { HelpCard } from './HelpCard';

test('the help card lists the configured support contacts as links', () => {
  renderRemote(<HelpCard plan="PRO_PLAN" />, {
    path: '/subscription',
    appInfo: { support: { email: 'help@kasa.example', whatsapp: '+237677123456' } },
  });
  const help = screen.getByRole('region', { name: 'Need help?' });
  expect(help).toHaveTextContent('Contact support:');
  const contacts = within(help).getByTestId('help-support-contacts');
  expect(within(contacts).getByRole('link', { name: 'E-mail: help@kasa.example' })).toHaveAttribute(
    'href',
    'mailto:help@kasa.example',
  );
  expect(within(contacts).getByRole('link', { name: 'WhatsApp: +237677123456' })).toHaveAttribute(
    'href',
    'https://wa.me/237677123456',
  );
});

test('in French', () => {
  renderRemote(<HelpCard plan="BASIC_PLAN" />, {
    path: '/subscription',
    language: 'fr',
    appInfo: { support: { phone: '+237677123456' } },
  });
  const help = screen.getByTestId('help-card');
  expect(help).toHaveTextContent("Contacter l'assistance :");
  expect(within(help).getByRole('link', { name: 'Téléphone : +237677123456' })).toHaveAttribute(
    'href',
    'tel:+237677123456',
  );
});

test('without a configured contact the card keeps its plan lines and links, and no contact line', () => {
  renderRemote(<HelpCard plan="BASIC_PLAN" />, { path: '/subscription' });
  const help = screen.getByTestId('help-card');
  expect(help).toHaveTextContent('Basic: email support');
  expect(help).not.toHaveTextContent('Contact support:');
  expect(within(help).queryByTestId('help-support-contacts')).not.toBeInTheDocument();
  expect(within(help).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
});
