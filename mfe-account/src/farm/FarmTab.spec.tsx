import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FarmProfile, UpdateFarmProfileRequest } from '@kasa/contracts';
import { fail, ok, renderAccount, stubApi, type Route } from '../testing/account-harness';
import { EMPTY_FARM_PROFILE } from './farm-api';

const GET = 'GET /api/farm/profile';
const PUT = 'PUT /api/farm/profile';
const DELETE = 'DELETE /api/farm/profile';
const SAVED_AT = '2026-11-29T08:00:00.000Z';

const savedFarm: FarmProfile = {
  place: 'Obala',
  country: 'CM',
  latitude: 4.17,
  longitude: 11.53,
  crops: ['maize', 'cassava'],
  otherCrops: 'egusi',
  livestock: ['goats'],
  otherLivestock: null,
  size: 2.5,
  sizeUnit: 'hectares',
  languages: ['fr', 'ewo'],
  updatedAt: SAVED_AT,
};

/** PUT answers what it was sent, as the server stores it. */
const storesWhatItGets: Route = (body) => ({
  status: 200,
  body: { ...(body as UpdateFarmProfileRequest), updatedAt: SAVED_AT },
});

type PositionOutcome =
  { coords: { latitude: number; longitude: number } } | { error: { code: number; message: string } };

/** A phone's location API that answers `outcome` once asked. */
function fakeGeolocation(outcome: PositionOutcome) {
  const getCurrentPosition = jest.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('coords' in outcome) success({ coords: outcome.coords, timestamp: 0 } as GeolocationPosition);
    else failure?.(outcome.error as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (navigator as { geolocation?: unknown }).geolocation;
});

const chip = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name });

test('the saved profile fills the form, under the sentence saying why Kasa asks', async () => {
  stubApi({ [GET]: ok(savedFarm) });
  renderAccount({ tab: 'farm' });
  expect(screen.getByTestId('account-tab-farm')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('account-farm')).toHaveTextContent(
    'Kasa uses this to tailor its answers and your rain forecast. It is part of your data export and deleted with your account.',
  );
  expect(await screen.findByLabelText('Village or town')).toHaveValue('Obala');
  const country = screen.getByLabelText('Country');
  expect(country).toHaveValue('CM');
  expect(within(country).getByRole('option', { selected: true })).toHaveTextContent('Cameroon');
  expect(chip('Crops', 'Maize')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Crops', 'Cassava')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Crops', 'Rice')).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByLabelText('Other crops')).toHaveValue('egusi');
  expect(chip('Livestock', 'Goats')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByLabelText('Other livestock')).toHaveValue('');
  expect(screen.getByLabelText('Farm size')).toHaveValue('2.5');
  expect(screen.getByLabelText('Unit')).toHaveValue('hectares');
  expect(chip('Languages you speak', 'French')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Languages you speak', 'Ewondo')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Languages you speak', 'English')).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByTestId('farm-location-saved')).toHaveTextContent('Location saved (about 1 km)');
  expect(screen.getByRole('button', { name: 'Forget my farm' })).toBeInTheDocument();
});

test('the country list starts with Africa and offers the rest of the world after it', async () => {
  stubApi({ [GET]: ok(EMPTY_FARM_PROFILE) });
  renderAccount({ tab: 'farm' });
  const country = await screen.findByLabelText('Country');
  const [africa, others] = within(country).getAllByRole('group');
  expect(africa).toHaveAttribute('label', 'Africa');
  const african = within(africa)
    .getAllByRole('option')
    .map((option) => option.textContent);
  for (const name of ['Cameroon', 'Nigeria', 'Kenya', 'Côte d’Ivoire', 'South Africa', 'Congo - Kinshasa'])
    expect(african).toContain(name);
  expect(african).toEqual([...african].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en-GB')));
  expect(others).toHaveAttribute('label', 'Other countries');
  expect(within(others).getByRole('option', { name: 'France' })).toHaveValue('FR');
});

test('toggled chips and typed fields are saved as one whole profile, and Save says so', async () => {
  const api = stubApi({ [GET]: ok(EMPTY_FARM_PROFILE), [PUT]: storesWhatItGets });
  renderAccount({ tab: 'farm' });
  await userEvent.type(await screen.findByLabelText('Village or town'), '  Bafia ');
  await userEvent.selectOptions(screen.getByLabelText('Country'), 'CM');
  await userEvent.click(chip('Crops', 'Beans'));
  await userEvent.click(chip('Crops', 'Maize'));
  await userEvent.click(chip('Crops', 'Rice'));
  await userEvent.click(chip('Crops', 'Rice'));
  expect(chip('Crops', 'Rice')).toHaveAttribute('aria-pressed', 'false');
  await userEvent.type(screen.getByLabelText('Other crops'), 'egusi, ginger');
  await userEvent.click(chip('Livestock', 'Poultry'));
  await userEvent.type(screen.getByLabelText('Farm size'), '1,5');
  await userEvent.selectOptions(screen.getByLabelText('Unit'), 'acres');
  await userEvent.click(chip('Languages you speak', 'Fulfulde'));
  await userEvent.click(chip('Languages you speak', 'English'));
  expect(screen.queryByRole('button', { name: 'Forget my farm' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Farm saved');
  const expected: UpdateFarmProfileRequest = {
    place: 'Bafia',
    country: 'CM',
    latitude: null,
    longitude: null,
    crops: ['maize', 'beans'],
    otherCrops: 'egusi, ginger',
    livestock: ['poultry'],
    otherLivestock: null,
    size: 1.5,
    sizeUnit: 'acres',
    languages: ['ff', 'en'],
  };
  expect(api.bodiesOf(PUT)).toEqual([expected]);
  // Saved now: it can be forgotten.
  expect(screen.getByRole('button', { name: 'Forget my farm' })).toBeInTheDocument();
});

test('no more than eight languages can be chosen', async () => {
  stubApi({ [GET]: ok({ ...savedFarm, languages: ['en', 'fr', 'pcm', 'ha', 'yo', 'ig', 'ff'] }) });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Swahili' }));
  expect(chip('Languages you speak', 'Wolof')).toBeDisabled();
  expect(chip('Languages you speak', 'Swahili')).toBeEnabled();
  await userEvent.click(chip('Languages you speak', 'Swahili'));
  expect(chip('Languages you speak', 'Wolof')).toBeEnabled();
});

test('a size the server would refuse is explained in place and nothing is sent', async () => {
  const api = stubApi({ [GET]: ok(EMPTY_FARM_PROFILE), [PUT]: storesWhatItGets });
  renderAccount({ tab: 'farm' });
  await userEvent.type(await screen.findByLabelText('Farm size'), '0');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  const size = screen.getByLabelText('Farm size');
  expect(size).toHaveAttribute('aria-invalid', 'true');
  expect(size).toHaveAccessibleDescription('Enter a size above 0 and up to 100,000, or leave it empty.');
  expect(size).toHaveFocus();
  expect(api.count(PUT)).toBe(0);
});

test("a 400 from the server shows the server's words", async () => {
  stubApi({
    [GET]: ok(savedFarm),
    [PUT]: fail(400, 'VALIDATION_FAILED', 'otherCrops must be at most 120 characters.'),
  });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Could not save');
  await waitFor(() => expect(toast).toHaveTextContent('otherCrops must be at most 120 characters.'));
  expect(toast).toHaveAttribute('data-variant', 'destructive');
});

test('Use my location explains first, then saves the position rounded to about 1 km', async () => {
  const getCurrentPosition = fakeGeolocation({ coords: { latitude: -1.286389, longitude: 36.817223 } });
  const withoutLocation = { ...savedFarm, latitude: null, longitude: null };
  const api = stubApi({ [GET]: ok(withoutLocation), [PUT]: storesWhatItGets });
  renderAccount({ tab: 'farm' });
  // An edit not yet saved stays out of the location's save.
  await userEvent.clear(await screen.findByLabelText('Village or town'));
  await userEvent.type(screen.getByLabelText('Village or town'), 'Nairobi');

  await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
  expect(screen.getByTestId('farm-location-question')).toHaveTextContent(
    'Kasa keeps it rounded to about 1 km, only to show your forecast.',
  );
  expect(getCurrentPosition).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));

  expect(await screen.findByTestId('farm-location-saved')).toHaveTextContent('Location saved (about 1 km)');
  const { updatedAt: _updatedAt, ...savedRequest } = withoutLocation;
  expect(api.bodiesOf(PUT)).toEqual([{ ...savedRequest, latitude: -1.29, longitude: 36.82 }]);

  // The form's Save carries the location with the edits.
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.count(PUT)).toBe(2));
  expect(api.bodiesOf(PUT)[1]).toMatchObject({ place: 'Nairobi', latitude: -1.29, longitude: 36.82 });

  await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
  expect(await screen.findByRole('button', { name: 'Use my location' })).toBeInTheDocument();
  expect(api.bodiesOf(PUT)[2]).toMatchObject({ place: 'Nairobi', latitude: null, longitude: null });
});

test('a refused permission is explained, nothing is sent, and the form still works', async () => {
  fakeGeolocation({ error: { code: 1, message: 'User denied Geolocation' } });
  const api = stubApi({ [GET]: ok(EMPTY_FARM_PROFILE), [PUT]: storesWhatItGets });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
  await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Kasa is not allowed to see your location. You can allow it in your browser settings, or just write your village or town.',
  );
  expect(api.count(PUT)).toBe(0);
  expect(screen.getByRole('button', { name: 'Use my location' })).toBeEnabled();
  expect(screen.getByLabelText('Village or town')).toBeEnabled();
});

test('a phone that cannot find its position, or a browser without location, says so', async () => {
  fakeGeolocation({ error: { code: 3, message: 'Timeout expired' } });
  stubApi({ [GET]: ok(EMPTY_FARM_PROFILE) });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
  await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your location could not be found.');

  delete (navigator as { geolocation?: unknown }).geolocation;
  await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
  await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot share your location.');
});

test('in French: the tab, the labels, the chips, the countries and the units', async () => {
  stubApi({ [GET]: ok(savedFarm) });
  renderAccount({ tab: 'farm', language: 'fr' });
  expect(screen.getByTestId('account-tab-farm')).toHaveTextContent('Ma ferme');
  expect(screen.getByRole('heading', { level: 2, name: 'Ma ferme' })).toBeInTheDocument();
  expect(screen.getByTestId('account-farm')).toHaveTextContent(
    "Kasa s'en sert pour adapter ses réponses et vos prévisions de pluie.",
  );
  expect(await screen.findByLabelText('Village ou ville')).toHaveValue('Obala');
  const country = screen.getByLabelText('Pays');
  expect(within(country).getByRole('option', { selected: true })).toHaveTextContent('Cameroun');
  expect(chip('Cultures', 'Maïs')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Élevage', 'Chèvres')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByLabelText('Autres cultures')).toHaveValue('egusi');
  expect(screen.getByLabelText('Taille de la ferme')).toHaveValue('2.5');
  const unit = screen.getByLabelText('Unité');
  expect(
    within(unit)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['hectares', 'acres', 'mètres carrés']);
  expect(chip('Langues que vous parlez', 'éwondo')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('farm-location-saved')).toHaveTextContent(
    'Position enregistrée (à environ 1 km)',
  );
  expect(screen.getByRole('button', { name: 'Oublier ma ferme' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
});

test('Forget my farm asks first; confirmed, it DELETEs and the form is empty again', async () => {
  const api = stubApi({ [GET]: ok(savedFarm), [DELETE]: () => ({ status: 204 }) });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Forget my farm' }));
  let dialog = await screen.findByRole('dialog', { name: 'Forget your farm?' });
  expect(dialog).toHaveTextContent('Your account and conversations stay.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.count(DELETE)).toBe(0);
  expect(screen.getByLabelText('Village or town')).toHaveValue('Obala');

  await userEvent.click(screen.getByRole('button', { name: 'Forget my farm' }));
  dialog = await screen.findByRole('dialog', { name: 'Forget your farm?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forget my farm' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Farm forgotten');
  expect(api.count(DELETE)).toBe(1);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByLabelText('Village or town')).toHaveValue('');
  expect(screen.getByLabelText('Country')).toHaveValue('');
  expect(chip('Crops', 'Maize')).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Forget my farm' })).not.toBeInTheDocument();
  expect(api.count(GET)).toBe(1);
});

test('a failed Forget keeps the dialog open with the reason', async () => {
  stubApi({
    [GET]: ok(savedFarm),
    [DELETE]: fail(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
  });
  renderAccount({ tab: 'farm' });
  await userEvent.click(await screen.findByRole('button', { name: 'Forget my farm' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forget your farm?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forget my farm' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  expect(screen.getByLabelText('Village or town')).toHaveValue('Obala');
});
