import { defineMessages } from '@kasa/ui';

/** Texts of the account page frame and its tabs in English (the product's wording, docs/product.md) and French. */
export const messages = defineMessages({
  en: {
    title: 'Your account',
    tabsLabel: 'Account sections',
    overview: 'Overview',
    profile: 'Profile',
    farm: 'My farm',
    subscription: 'Subscription',
    security: 'Security',
    preferences: 'Preferences',
    'shared-links': 'Shared links',
  },
  fr: {
    title: 'Votre compte',
    tabsLabel: 'Sections du compte',
    overview: 'Aperçu',
    profile: 'Profil',
    farm: 'Ma ferme',
    subscription: 'Abonnement',
    security: 'Sécurité',
    preferences: 'Préférences',
    'shared-links': 'Liens partagés',
  },
});
