import { defineMessages } from '@kasa/ui';

/** The legal pages' frame (docs/product.md#legal-pages). Titles show until (or unless) the server sends one. */
export const legalMessages = defineMessages({
  en: {
    back: '← Back',
    loading: 'Loading...',
    version: 'Version {version}',
    effective: 'Effective {date}',
    notAvailable: '{title} content not available.',
    terms: 'Terms of Use',
    privacy: 'Privacy Policy',
    cookies: 'Cookie Policy',
    fairUse: 'Fair Use Policy',
    pricing: 'Pricing',
    shownInEnglish: 'This document is not yet available in your language: it is shown in English.',
  },
  fr: {
    back: '← Retour',
    loading: 'Chargement...',
    version: 'Version {version}',
    effective: 'En vigueur le {date}',
    notAvailable: 'Contenu « {title} » non disponible.',
    terms: "Conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    cookies: 'Politique relative aux cookies',
    fairUse: "Politique d'utilisation équitable",
    pricing: 'Tarifs',
    shownInEnglish: "Ce document n'est pas encore disponible en français : il est affiché en anglais.",
  },
});
