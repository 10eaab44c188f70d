import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KasaUiProvider } from './KasaUiProvider';
import { LogoutButton } from './LogoutButton';
import { SessionControlsProvider, type SessionControls } from './session-controls';

function renderWith(session: SessionControls | null) {
  return render(
    <KasaUiProvider appInfo={{ appName: 'Kasa' }}>
      <SessionControlsProvider value={session}>
        <LogoutButton />
      </SessionControlsProvider>
    </KasaUiProvider>,
  );
}

test("with a session: a button named Logout (its word and the narrow screens' icon) that signs out", async () => {
  const signOut = jest.fn();
  renderWith({ username: 'amina', signOut });
  const button = screen.getByRole('button', { name: 'Logout' });
  // The icon is only shown under 380 px (static.css); the word stays the button's name there.
  expect(button.querySelector('.kasa-narrow-only svg')).not.toBeNull();
  expect(button.querySelector('.kasa-wide-label')).toHaveTextContent('Logout');
  await userEvent.click(button);
  expect(signOut).toHaveBeenCalledTimes(1);
});

test('without a session (a remote on its own): no Logout at all', () => {
  renderWith(null);
  expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
});
