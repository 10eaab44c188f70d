// Test harness of AI Studio: the page rendered as the shell renders it, with the API stubbed at the
// window.fetch boundary (@kasa/ui/testing); only the studio's fixtures and browser stand-ins live here.
import { configureApiClient } from '@kasa/api-client';
import { USAGE_LIMIT_ERROR, type UsageLimitErrorBody } from '@kasa/contracts';
import type { Language } from '@kasa/ui';
import { renderRemote, unstubApi, type Route } from '@kasa/ui/testing';
import App from '../App';

export { ok, stubApi, type Route } from '@kasa/ui/testing';

export const MEDIA = 'POST /api/media/generate';
export const SPEAK = 'POST /api/voice/speak';
export const TRANSCRIBE = 'POST /api/voice/transcribe';

/** The over-quota answer of the usage service (docs/product.md#usage-limit). */
export const usageLimit =
  (feature: UsageLimitErrorBody['feature']): Route =>
  () => ({
    status: 429,
    body: {
      error: USAGE_LIMIT_ERROR,
      code: 'USAGE_LIMIT_EXCEEDED',
      feature,
      current: 5,
      limit: 5,
      upgradeRequired: true,
    },
  });

/** Watches the app-wide usage-limit handler (the shell's toast), which the API client calls. */
export function watchUsageLimit(): jest.Mock {
  const onUsageLimit = jest.fn();
  configureApiClient({ onUsageLimit });
  return onUsageLimit;
}

/** Saved files: the names given to the <a download> links clicked, and their object URLs. */
export function watchDownloads(): { names: string[] } {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:saved'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names };
}

/** Makes <audio>.play() succeed or fail (jsdom does not play media). */
export function stubPlayback(works = true): jest.SpyInstance {
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return jest
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => (works ? Promise.resolve() : Promise.reject(new Error('NotSupportedError'))));
}

export function resetStudioStubs(): void {
  unstubApi();
  configureApiClient({ onUsageLimit: () => undefined });
  jest.restoreAllMocks();
}

export function renderStudio({
  path = '/ai-studio',
  language = 'en',
}: { path?: string; language?: Language } = {}) {
  return renderRemote(<App />, { path, language });
}
