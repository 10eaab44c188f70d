import type { Catalog } from './i18n';

/**
 * The two texts errorText needs even before the error catalog (error-messages.ts, loaded on
 * demand) has arrived: no answer at all, and a failure with nothing better to say.
 */
export const GENERIC_ERROR_TEXTS: Catalog<'networkError' | 'unexpectedError'> = {
  en: {
    networkError: 'Could not reach the server. Check your internet connection, then try again.',
    unexpectedError: 'Something went wrong. Please try again.',
  },
  fr: {
    networkError: 'Impossible de joindre le serveur. Vérifiez votre connexion Internet, puis réessayez.',
    unexpectedError: 'Une erreur est survenue. Veuillez réessayer.',
  },
};
