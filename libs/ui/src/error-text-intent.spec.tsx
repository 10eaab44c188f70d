import { act, fireEvent, render, screen } from '@testing-library/react';
import { useErrorText } from './error-text';
import { LanguageProvider } from './i18n';

// A file of its own: the error texts must not have been loaded by another test (one module
// registry per test file).

function SaveButton({ error }: { error: unknown }) {
  const text = useErrorText();
  return <p data-testid="failure">{text(error)}</p>;
}

const restarting = Object.assign(new Error('503: The server is restarting.'), {
  code: 'CHAT_SERVER_RESTARTING',
  body: { code: 'CHAT_SERVER_RESTARTING', message: 'The server is restarting.' },
});

it('loads the error texts at the first tap, not with the first screen', async () => {
  render(
    <LanguageProvider initialLanguage="fr">
      <SaveButton error={restarting} />
    </LanguageProvider>,
  );
  // Nothing asked for them yet: a few turns of the event loop later, still the server's words.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getByTestId('failure')).toHaveTextContent('The server is restarting.');

  fireEvent.pointerDown(document.body);
  expect(
    await screen.findByText('Le serveur redémarre. Veuillez renvoyer votre message dans un instant.'),
  ).toBeInTheDocument();
});
