// The rain forecast for the farm's place: three days side by side, when it was fetched (a saved
// copy says so, with its date), the weather service's attribution, and a button that asks the
// assistant what the forecast means for the farm. Static classes only: it is on the first screen.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FarmProfile, WEATHER_CACHE_MINUTES, type WeatherForecastResponse } from '@kasa/contracts';
import { textButtonClass, useDataSaver, useErrorText, useLanguage, useT } from '@kasa/ui';
import { fetchForecast, forecastQueryKey } from './farm-api';
import { dayFigures, dayName, fetchedAtText, forecastQuestion, isSavedCopy } from './forecast-text';
import { farmMessages } from './messages';

const ASK_CLASS = textButtonClass({ size: 'medium', variant: 'contained' });
const QUIET_CLASS = textButtonClass({ size: 'medium' });

export default function ForecastCard({
  profile,
  query,
  onAsk,
}: {
  profile: FarmProfile;
  /** The forecast's location as a query string (forecastQuery). */
  query: string;
  onAsk: (question: string) => void;
}) {
  const t = useT(farmMessages);
  const { language } = useLanguage();
  const dataSaver = useDataSaver();
  // With the data saver on, nothing is fetched until asked (a saved copy still shows).
  const [asked, setAsked] = useState(false);
  const forecast = useQuery({
    queryKey: forecastQueryKey(query),
    queryFn: ({ signal }) => fetchForecast(query, signal),
    staleTime: WEATHER_CACHE_MINUTES * 60_000,
    enabled: !dataSaver.on || asked,
  });
  const errorText = useErrorText(forecast.error);
  const data: WeatherForecastResponse | undefined = forecast.data;
  const place = data?.placeName ?? profile.place;
  return (
    <section className="kasa-farm-card" data-testid="forecast-card" aria-busy={forecast.isFetching}>
      <h3 className="kasa-farm-title">{place ? t('forecastFor', { place }) : t('forecastTitle')}</h3>
      {data ? (
        <>
          <ul className="kasa-forecast-days">
            {data.days.map((day, index) => {
              const figures = dayFigures(day, language);
              return (
                <li key={day.date} className="kasa-forecast-day" data-testid="forecast-day">
                  <span className="kasa-forecast-day-name">{dayName(day.date, index, language)}</span>
                  <span className="kasa-forecast-rain" title={t('rainChance')}>
                    {figures.rainChance}
                  </span>
                  <span title={t('rainAmount')}>{figures.rainMm}</span>
                  <br />
                  <span title={t('temperatures')}>{figures.temperatures}</span>
                  <br />
                  <span title={t('wind')}>{figures.wind}</span>
                </li>
              );
            })}
          </ul>
          <div className="kasa-farm-actions">
            <button
              type="button"
              className={ASK_CLASS}
              onClick={() => onAsk(forecastQuestion(data, profile, language))}
            >
              {t('askAboutForecast')}
            </button>
          </div>
          <p className="kasa-farm-note" data-testid="forecast-when">
            {isSavedCopy(data, Date.now(), WEATHER_CACHE_MINUTES) || forecast.isError
              ? t('savedCopy', { time: fetchedAtText(data, language) })
              : t('updatedAt', { time: fetchedAtText(data, language) })}{' '}
            · {t('attribution')}
          </p>
        </>
      ) : forecast.isError ? (
        <div className="kasa-farm-actions">
          <p className="kasa-farm-text" role="status" data-testid="forecast-error">
            {errorText(forecast.error)}
          </p>
          <button type="button" className={QUIET_CLASS} onClick={() => void forecast.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : dataSaver.on && !asked ? (
        <div className="kasa-farm-actions">
          <p className="kasa-farm-text">{t('dataSaverNote')}</p>
          <button type="button" className={QUIET_CLASS} onClick={() => setAsked(true)}>
            {t('showForecast')}
          </button>
        </div>
      ) : (
        <p className="kasa-farm-text" role="status">
          {t('loading')}
        </p>
      )}
    </section>
  );
}
