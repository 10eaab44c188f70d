import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY, ThemeModeProvider, ThemeToggleButton, useThemeMode } from './theme';

function ModeProbe() {
  const { mode } = useThemeMode();
  return <output data-testid="mode">{mode}</output>;
}

function renderTheme() {
  return render(
    <ThemeModeProvider>
      <ModeProbe />
      <ThemeToggleButton />
    </ThemeModeProvider>,
  );
}

beforeEach(() => localStorage.clear());

test('starts in colour mode and the button names the mode it switches to', () => {
  renderTheme();
  expect(screen.getByTestId('mode')).toHaveTextContent('color');
  expect(screen.getByRole('button', { name: 'White Mode' })).toBeInTheDocument();
});

test('the toggle button switches mode and saves it under kasa-theme', async () => {
  renderTheme();
  await userEvent.click(screen.getByRole('button', { name: 'White Mode' }));
  expect(screen.getByTestId('mode')).toHaveTextContent('mono');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('mono');
  expect(screen.getByRole('button', { name: 'Color Mode' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Color Mode' }));
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('color');
});

test('the saved mode is read back on the next start (reload)', () => {
  localStorage.setItem(THEME_STORAGE_KEY, 'mono');
  const first = renderTheme();
  expect(screen.getByTestId('mode')).toHaveTextContent('mono');
  first.unmount();
  localStorage.setItem(THEME_STORAGE_KEY, 'color');
  renderTheme();
  expect(screen.getByTestId('mode')).toHaveTextContent('color');
});

test('Alt+W and Meta+W toggle the theme anywhere and the browser default is prevented', () => {
  renderTheme();
  const altW = new KeyboardEvent('keydown', {
    key: 'w',
    code: 'KeyW',
    altKey: true,
    bubbles: true,
    cancelable: true,
  });
  act(() => {
    document.body.dispatchEvent(altW);
  });
  expect(altW.defaultPrevented).toBe(true);
  expect(screen.getByTestId('mode')).toHaveTextContent('mono');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('mono');

  const metaW = new KeyboardEvent('keydown', {
    key: 'w',
    code: 'KeyW',
    metaKey: true,
    bubbles: true,
    cancelable: true,
  });
  act(() => {
    document.body.dispatchEvent(metaW);
  });
  expect(metaW.defaultPrevented).toBe(true);
  expect(screen.getByTestId('mode')).toHaveTextContent('color');
});

test('W alone or Ctrl+W does not toggle', () => {
  renderTheme();
  fireEvent.keyDown(document.body, { key: 'w', code: 'KeyW' });
  fireEvent.keyDown(document.body, { key: 'w', code: 'KeyW', ctrlKey: true });
  expect(screen.getByTestId('mode')).toHaveTextContent('color');
});

test('the document is marked with the mode (the HTML splash follows it)', async () => {
  renderTheme();
  const button = screen.getByRole('button', { name: 'White Mode' });
  await userEvent.click(button);
  expect(document.documentElement.dataset.theme).toBe('mono');
});
