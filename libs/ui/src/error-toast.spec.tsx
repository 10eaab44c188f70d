import { act, render, screen } from '@testing-library/react';
import { useErrorToast } from './error-toast';
import { KasaUiProvider } from './KasaUiProvider';

let show: ReturnType<typeof useErrorToast>;
function Probe() {
  show = useErrorToast();
  return null;
}

const renderIn = (language: 'en' | 'fr') =>
  render(
    <KasaUiProvider initialLanguage={language}>
      <Probe />
    </KasaUiProvider>,
  );

test('a toast raised before the error texts arrived waits for them: French in French, not the server’s English', async () => {
  renderIn('fr');
  act(() =>
    show({
      title: 'Erreur',
      error: { code: 'DRIVE_UNREACHABLE', message: 'Google Drive could not be reached. Please try again.' },
    }),
  );
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Google Drive est injoignable. Veuillez réessayer.');
  expect(toast).not.toHaveTextContent('could not be reached');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
});

test("the screen's fallback when the error says nothing", async () => {
  renderIn('en');
  act(() => show({ title: 'Error', error: {}, fallback: 'Unable to initiate payment' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Unable to initiate payment');
});
