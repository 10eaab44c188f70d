// The welcome panel's farm cards against the API at the network boundary (global fetch).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFarmProfile, type FarmProfile, type WeatherForecastResponse } from '@kasa/contracts';
import { setDataSaverPreference } from '@kasa/ui';
import { jsonResponse, renderWithProviders } from '../testing/chat-harness';
import FarmPanel from './FarmPanel';
import { FARM_SETUP_DISMISSED_KEY } from './FarmSetupCard';

const NOW = Date.parse('2026-11-30T09:00:00Z');

const bamenda: FarmProfile = {
  ...emptyFarmProfile(),
  place: 'Bamenda',
  country: 'CM',
  crops: ['maize', 'sweet-potato'],
  updatedAt: '2026-11-29T10:00:00Z',
};

const forecast = (fetchedAt = '2026-11-30T08:50:00Z'): WeatherForecastResponse => ({
  latitude: 5.96,
  longitude: 10.15,
  placeName: 'Bamenda, Cameroon',
  timezone: 'Africa/Douala',
  fetchedAt,
  days: [
    {
      date: '2026-11-30',
      rainChance: 80,
      rainMm: 12.4,
      temperatureMaxC: 27,
      temperatureMinC: 16,
      windMaxKmh: 14,
      weatherCode: 63,
    },
    {
      date: '2026-12-01',
      rainChance: 20,
      rainMm: 0.6,
      temperatureMaxC: 28,
      temperatureMinC: 15,
      windMaxKmh: 10,
      weatherCode: 2,
    },
    {
      date: '2026-12-02',
      rainChance: null,
      rainMm: 0,
      temperatureMaxC: 29,
      temperatureMinC: 15,
      windMaxKmh: 8,
      weatherCode: 0,
    },
  ],
});

let answers: Record<string, () => unknown>;
const requested: string[] = [];

beforeEach(() => {
  localStorage.clear();
  requested.length = 0;
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  answers = {};
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    const answer = answers[url.split('?')[0]];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('a farm with a place: three days of rain forecast, their date and source; a tap asks what it means', async () => {
  answers['/api/farm/profile'] = () => jsonResponse(200, bamenda);
  answers['/api/weather/forecast'] = () => jsonResponse(200, forecast());
  const onAsk = jest.fn();
  renderWithProviders(<FarmPanel onAsk={onAsk} />);
  const card = await screen.findByTestId('forecast-card');
  await waitFor(() => expect(within(card).getAllByTestId('forecast-day')).toHaveLength(3));
  expect(requested).toContain('/api/weather/forecast?place=Bamenda&country=CM');
  expect(within(card).getByRole('heading')).toHaveTextContent('Rain forecast · Bamenda, Cameroon');
  const [today, tomorrow, third] = within(card).getAllByTestId('forecast-day');
  expect(today).toHaveTextContent('Today80 %12.4 mm16–27 °C14 km/h');
  expect(tomorrow).toHaveTextContent('Tomorrow20 %');
  // A missing figure is a dash, never a made-up number.
  expect(third).toHaveTextContent('Wednesday—0 mm');
  expect(within(card).getByTestId('forecast-when')).toHaveTextContent(
    /^Updated 30 Nov, \d\d:50 · Weather data by Open-Meteo\.com$/,
  );

  await userEvent.click(within(card).getByRole('button', { name: 'What does this mean for my farm?' }));
  expect(onAsk).toHaveBeenCalledWith(
    'What does this weather forecast for Bamenda, Cameroon mean for my crops (maize, sweet potato)? ' +
      'Today: 80 % chance of rain, 12.4 mm, 16–27 °C, wind up to 14 km/h. ' +
      'Tomorrow: 20 % chance of rain, 0.6 mm, 15–28 °C, wind up to 10 km/h. ' +
      'Wednesday: — chance of rain, 0 mm, 15–29 °C, wind up to 8 km/h.',
  );
});

test('in French, with coordinates: the days and figures in French, the location sent as coordinates', async () => {
  answers['/api/farm/profile'] = () =>
    jsonResponse(200, { ...bamenda, place: null, country: null, latitude: 5.96, longitude: 10.15 });
  answers['/api/weather/forecast'] = () => jsonResponse(200, forecast());
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />, { language: 'fr' });
  const card = await screen.findByTestId('forecast-card');
  await waitFor(() => expect(within(card).getAllByTestId('forecast-day')).toHaveLength(3));
  expect(requested).toContain('/api/weather/forecast?latitude=5.96&longitude=10.15');
  expect(within(card).getAllByTestId('forecast-day')[0]).toHaveTextContent("Aujourd'hui80 %12,4 mm");
  expect(within(card).getAllByTestId('forecast-day')[2]).toHaveTextContent('mercredi');
  expect(within(card).getByTestId('forecast-when')).toHaveTextContent('Données météo : Open-Meteo.com');
  expect(
    within(card).getByRole('button', { name: 'Qu’est-ce que cela signifie pour ma ferme ?' }),
  ).toBeVisible();
});

test('a forecast older than 30 minutes (a saved copy read offline) says so, with its date', async () => {
  answers['/api/farm/profile'] = () => jsonResponse(200, bamenda);
  answers['/api/weather/forecast'] = () => jsonResponse(200, forecast('2026-11-29T18:05:00Z'));
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  const when = await screen.findByTestId('forecast-when');
  expect(when).toHaveTextContent(/^Saved forecast from 29 Nov, \d\d:05: it could not be updated\./);
});

test('the weather service down: the server’s reason in the user’s words, and Try again', async () => {
  answers['/api/farm/profile'] = () => jsonResponse(200, bamenda);
  let calls = 0;
  answers['/api/weather/forecast'] = () => {
    calls += 1;
    return calls === 1
      ? jsonResponse(503, {
          statusCode: 503,
          code: 'WEATHER_UNAVAILABLE',
          message: 'The weather service did not answer.',
        })
      : jsonResponse(200, forecast());
  };
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  expect(await screen.findByTestId('forecast-error')).toHaveTextContent(
    'The forecast could not be fetched right now. Please try again later.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByTestId('forecast-day')).toHaveLength(3));
});

test('with the data saver on, the forecast is fetched only when asked', async () => {
  setDataSaverPreference('on');
  answers['/api/farm/profile'] = () => jsonResponse(200, bamenda);
  answers['/api/weather/forecast'] = () => jsonResponse(200, forecast());
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Show the rain forecast' }));
  await waitFor(() => expect(screen.getAllByTestId('forecast-day')).toHaveLength(3));
  expect(requested.filter((url) => url.startsWith('/api/weather/forecast'))).toHaveLength(1);
});

test('no place yet: the invitation to describe the farm links to My farm; Not now hides it for good', async () => {
  answers['/api/farm/profile'] = () => jsonResponse(200, emptyFarmProfile());
  const { unmount } = renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  const card = await screen.findByTestId('farm-setup-card');
  expect(within(card).getByRole('heading')).toHaveTextContent('Tell Kasa about your farm');
  expect(within(card).getByRole('link', { name: 'Set up my farm' })).toHaveAttribute(
    'href',
    '/account?tab=farm',
  );
  expect(requested.some((url) => url.startsWith('/api/weather'))).toBe(false);
  await userEvent.click(within(card).getByRole('button', { name: 'Not now' }));
  expect(screen.queryByTestId('farm-setup-card')).toBeNull();
  expect(localStorage.getItem(FARM_SETUP_DISMISSED_KEY)).toBe('1');
  unmount();
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  await waitFor(() => expect(requested.filter((url) => url === '/api/farm/profile')).toHaveLength(2));
  expect(screen.queryByTestId('farm-setup-card')).toBeNull();
});

test('the profile cannot be read (offline, nothing saved): no card at all', async () => {
  renderWithProviders(<FarmPanel onAsk={jest.fn()} />);
  await waitFor(() => expect(requested).toEqual(['/api/farm/profile']));
  expect(screen.queryByTestId('farm-setup-card')).toBeNull();
  expect(screen.queryByTestId('forecast-card')).toBeNull();
});
