import { defineMessages } from '@kasa/ui';

/** Texts of the account area in English (the product's wording, docs/product.md) and French. */
export const messages = defineMessages({
  en: {
    title: 'Your account',
    profileTitle: 'Profile',
    username: 'Username',
    email: 'E-mail',
    noEmail: 'No email provided',
    profileLoading: 'Loading your profile...',
    profileFailed: 'Your profile could not load. Check your internet connection, then reload the page.',
    signedOut: 'You are not signed in.',
    preferencesTitle: 'Preferences',
    theme: 'Theme:',
    themeColour: 'Colour',
    themeMono: 'Black and white',
    themeShortcut: 'Alt+W switches it anywhere.',
  },
  fr: {
    title: 'Votre compte',
    profileTitle: 'Profil',
    username: "Nom d'utilisateur",
    email: 'Adresse e-mail',
    noEmail: 'Aucune adresse e-mail',
    profileLoading: 'Chargement de votre profil...',
    profileFailed:
      "Votre profil n'a pas pu se charger. Vérifiez votre connexion Internet, puis rechargez la page.",
    signedOut: "Vous n'êtes pas connecté.",
    preferencesTitle: 'Préférences',
    theme: 'Thème :',
    themeColour: 'Couleur',
    themeMono: 'Noir et blanc',
    themeShortcut: "Alt+W le change depuis n'importe quelle page.",
  },
});
