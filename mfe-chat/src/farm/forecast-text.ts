// The forecast in words: the day names and figures the card shows, and the question a tap asks.
import type { FarmProfile, WeatherDay, WeatherForecastResponse } from '@kasa/contracts';
import { formatMessage, LOCALES, type Language } from '@kasa/ui';
import { farmMessages } from './messages';

const MINUTE = 60_000;

/** 'Today', 'Tomorrow', then the weekday, in the location's calendar (the forecast's dates). */
export function dayName(date: string, index: number, language: Language): string {
  const texts = farmMessages[language];
  if (index === 0) return texts.today;
  if (index === 1) return texts.tomorrow;
  // Noon UTC: the weekday of a YYYY-MM-DD date whatever the phone's time zone.
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function number(value: number, language: Language, digits = 0): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: digits }).format(value);
}

/** One day as the card lists it: rain chance and amount, temperatures, wind ('—' for a missing figure). */
export function dayFigures(day: WeatherDay, language: Language) {
  const dash = '—';
  return {
    rainChance: day.rainChance === null ? dash : `${number(day.rainChance, language)} %`,
    rainMm: day.rainMm === null ? dash : `${number(day.rainMm, language, 1)} mm`,
    temperatures:
      day.temperatureMaxC === null || day.temperatureMinC === null
        ? dash
        : `${number(day.temperatureMinC, language)}–${number(day.temperatureMaxC, language)} °C`,
    wind: day.windMaxKmh === null ? dash : `${number(day.windMaxKmh, language)} km/h`,
  };
}

/** The forecast is older than the server would serve (a saved copy read offline). */
export function isSavedCopy(forecast: WeatherForecastResponse, now: number, cacheMinutes: number): boolean {
  return now - Date.parse(forecast.fetchedAt) > cacheMinutes * MINUTE;
}

export function fetchedAtText(forecast: WeatherForecastResponse, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(forecast.fetchedAt));
}

/** What a tap on the card asks the assistant, with the figures, so any model can answer. */
export function forecastQuestion(
  forecast: WeatherForecastResponse,
  profile: FarmProfile,
  language: Language,
): string {
  const texts = farmMessages[language];
  const days = forecast.days.map((day, index) => {
    const figures = dayFigures(day, language);
    return formatMessage(texts.questionDay, {
      day: dayName(day.date, index, language),
      rainChance: figures.rainChance,
      rainMm: figures.rainMm,
      temperatures: figures.temperatures,
      wind: figures.wind,
    });
  });
  const crops = [...profile.crops.map((crop) => crop.replace(/-/g, ' ')), profile.otherCrops]
    .filter(Boolean)
    .join(', ');
  const place = forecast.placeName ?? profile.place ?? '';
  return formatMessage(crops ? texts.questionWithCrops : texts.question, {
    place,
    crops,
    days: days.join(' '),
  });
}
