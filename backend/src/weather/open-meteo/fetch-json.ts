import { WeatherProviderError } from '../weather-provider.port';

/** A forecast of three days is a few kilobytes: a larger answer is not Open-Meteo's. */
const MAX_ANSWER_CHARS = 1_000_000;

/**
 * GET `url` and its JSON body within `timeoutMs` for the whole exchange (a server that accepts
 * the connection and never answers costs no more than that). Every failure is a
 * WeatherProviderError whose message names the URL, for the log.
 */
export async function fetchWeatherJson(url: string, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted)
        throw new WeatherProviderError('timeout', `no answer from ${url} within ${timeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new WeatherProviderError('unreachable', `${url} could not be reached (${detail})`);
    }
    if (!response.ok)
      throw new WeatherProviderError(
        'status',
        `${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    if (text.length > MAX_ANSWER_CHARS)
      throw new WeatherProviderError('invalid', `${url} answered more than ${MAX_ANSWER_CHARS} characters`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new WeatherProviderError('invalid', `${url} answered something that is not JSON`);
    }
  } finally {
    clearTimeout(timer);
  }
}
