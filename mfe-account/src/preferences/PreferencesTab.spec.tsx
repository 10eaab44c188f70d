import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kasa/contracts';
import { NOTIFICATIONS, fail, ok, renderAccount, stubApi } from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const PUT = 'PUT /api/account/notifications';

test('the theme control switches the whole page to black and white', async () => {
  stubApi({});
  renderAccount({ tab: 'preferences' });
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Colour');
  const panel = screen.getByTestId('account-panel-preferences');
  await userEvent.click(within(panel).getByRole('button', { name: 'White Mode' }));
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Black and white');
  expect(localStorage.getItem('kasa-theme')).toBe('mono');
});

test('the language select switches the UI to French and keeps the choice', async () => {
  stubApi({});
  renderAccount({ tab: 'preferences' });
  await userEvent.selectOptions(screen.getByTestId('account-language'), 'fr');
  expect(screen.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeInTheDocument();
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Couleur');
  expect(localStorage.getItem('kasa-language')).toBe('fr');
});

test('the data saver select: automatic follows the connection, on and off are kept in this browser', async () => {
  stubApi({});
  const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' });
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  try {
    renderAccount({ tab: 'preferences' });
    const select = screen.getByTestId('account-data-saver');
    expect(select).toHaveValue('auto');
    expect(screen.getByTestId('account-data-saver-state')).toHaveTextContent(
      'On now: your connection is slow or asks to save data.',
    );
    await userEvent.selectOptions(select, 'off');
    expect(localStorage.getItem('kasa-data-saver')).toBe('off');
    expect(screen.getByTestId('account-data-saver-state')).toHaveTextContent('Off.');
    await userEvent.selectOptions(select, 'on');
    expect(localStorage.getItem('kasa-data-saver')).toBe('on');
    await userEvent.selectOptions(select, 'auto');
    expect(localStorage.getItem('kasa-data-saver')).toBeNull();
    await userEvent.selectOptions(screen.getByTestId('account-language'), 'fr');
    expect(screen.getByLabelText('Économiseur de données')).toHaveValue('auto');
  } finally {
    delete (navigator as { connection?: unknown }).connection;
  }
});

test('Notifications → Configure: three switches from the server, Save sends PUT and says Preferences Saved', async () => {
  const api = stubApi({
    [NOTIFICATIONS]: ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES, hasEmail: true }),
    [PUT]: (body) => ({
      status: 200,
      body: { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(body as object) }, hasEmail: true },
    }),
  });
  renderAccount({ tab: 'preferences' });
  await userEvent.click(screen.getByTestId('notifications-configure'));
  const dialog = await screen.findByTestId('notifications-dialog');
  const usage = await within(dialog).findByTestId('notification-usageAlerts');
  expect(usage).toBeChecked();
  expect(within(dialog).getByTestId('notification-proEnding')).toBeChecked();
  expect(within(dialog).getByTestId('notification-productNews')).not.toBeChecked();
  expect(within(dialog).queryByTestId('notifications-no-email')).not.toBeInTheDocument();

  await userEvent.click(usage);
  await userEvent.click(within(dialog).getByTestId('notification-productNews'));
  await userEvent.click(within(dialog).getByTestId('notifications-save'));
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Preferences Saved'));
  expect(api.bodiesOf(PUT)).toEqual([{ usageAlerts: false, proEnding: true, productNews: true }]);
  await waitFor(() => expect(screen.queryByTestId('notifications-dialog')).not.toBeInTheDocument());

  // Opened again: the saved choices, without asking the server again.
  await userEvent.click(screen.getByTestId('notifications-configure'));
  expect(await screen.findByTestId('notification-usageAlerts')).not.toBeChecked();
  expect(api.count(NOTIFICATIONS)).toBe(1);
});

test('without an e-mail the dialog says where to add one', async () => {
  stubApi({ [NOTIFICATIONS]: ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES, hasEmail: false }) });
  renderAccount({ tab: 'preferences' });
  await userEvent.click(screen.getByTestId('notifications-configure'));
  expect(await screen.findByTestId('notifications-no-email')).toHaveTextContent(
    'Add an e-mail on the Profile tab to receive these.',
  );
});

test('a failed save says so and keeps the dialog open', async () => {
  stubApi({
    [NOTIFICATIONS]: ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES, hasEmail: true }),
    [PUT]: fail(400, 'VALIDATION_FAILED', 'productNews must be a boolean'),
  });
  renderAccount({ tab: 'preferences' });
  await userEvent.click(screen.getByTestId('notifications-configure'));
  await userEvent.click(await screen.findByTestId('notifications-save'));
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Preferences Not Saved'));
  expect(screen.getByTestId('notifications-dialog')).toBeInTheDocument();
});

test('Voice: "I speak" lists Auto and the languages by their own names; both choices are kept in this browser', async () => {
  stubApi({});
  renderAccount({ tab: 'preferences' });
  const speak = screen.getByTestId('account-speech-language');
  expect(screen.getByLabelText('I speak')).toBe(speak);
  expect(speak).toHaveValue('auto');
  const options = within(speak).getAllByRole('option');
  expect(options[0]).toHaveTextContent('Auto');
  expect(options.map((o) => o.textContent)).toEqual(
    expect.arrayContaining(['English', 'Français', 'Kiswahili', 'Hausa', 'Yorùbá']),
  );
  await userEvent.selectOptions(speak, 'fr');
  expect(localStorage.getItem('kasa-speech-language')).toBe('fr');

  const confirm = screen.getByTestId('account-confirm-transcript');
  expect(screen.getByLabelText(/Confirm what I said/)).toBe(confirm);
  // The theme's checkbox (libs/ui Checkbox), not the browser's blue box.
  expect(getComputedStyle(confirm).appearance).toBe('none');
  expect(confirm).not.toBeChecked();
  await userEvent.click(confirm);
  expect(confirm).toBeChecked();
  expect(localStorage.getItem('kasa-confirm-transcript')).toBe('on');

  // In French the labels change; the language names stay their own.
  await userEvent.selectOptions(screen.getByTestId('account-language'), 'fr');
  expect(screen.getByLabelText('Je parle')).toHaveValue('fr');
  expect(
    within(screen.getByTestId('account-speech-language')).getByRole('option', { name: 'English' }),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/Confirmer ce que j’ai dit/)).toBeChecked();
  await userEvent.click(screen.getByTestId('account-confirm-transcript'));
  expect(localStorage.getItem('kasa-confirm-transcript')).toBeNull();
});
