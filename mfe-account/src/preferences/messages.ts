import { defineMessages } from '@kasa/ui';

/** Preferences tab: theme, language, notification e-mails. */
export const preferencesMessages = defineMessages({
  en: {
    title: 'Preferences',
    theme: 'Theme:',
    themeColour: 'Colour',
    themeMono: 'Black and white',
    themeShortcut: 'Alt+W switches it anywhere.',
    language: 'Language',
    notificationsTitle: 'Notifications',
    notificationsExplain: 'Choose which e-mails we send you.',
    configure: 'Configure',
  },
  fr: {
    title: 'Préférences',
    theme: 'Thème :',
    themeColour: 'Couleur',
    themeMono: 'Noir et blanc',
    themeShortcut: "Alt+W le change depuis n'importe quelle page.",
    language: 'Langue',
    notificationsTitle: 'Notifications',
    notificationsExplain: 'Choisissez les e-mails que nous vous envoyons.',
    configure: 'Configurer',
  },
});

/** The notifications dialog (loaded with it). */
export const notificationMessages = defineMessages({
  en: {
    dialogTitle: 'E-mail notifications',
    usageAlerts: 'Usage above 80 %',
    usageAlertsHint: 'When a monthly limit is nearly used up.',
    proEnding: 'Pro about to end',
    proEndingHint: 'Three days before your Pro plan ends without renewing.',
    productNews: 'Product news',
    productNewsHint: 'New features, now and then.',
    noEmail: 'Add an e-mail on the Profile tab to receive these.',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    saved: 'Preferences Saved',
    savedText: 'Your notification choices are saved.',
    saveFailed: 'Preferences Not Saved',
    saveFailedText: 'Failed to save your preferences. Please try again.',
  },
  fr: {
    dialogTitle: 'Notifications par e-mail',
    usageAlerts: 'Utilisation au-delà de 80 %',
    usageAlertsHint: 'Quand une limite mensuelle est presque atteinte.',
    proEnding: 'Fin prochaine de Pro',
    proEndingHint: 'Trois jours avant la fin de votre forfait Pro sans renouvellement.',
    productNews: 'Nouveautés du produit',
    productNewsHint: 'Les nouvelles fonctionnalités, de temps en temps.',
    noEmail: "Ajoutez une adresse e-mail dans l'onglet Profil pour les recevoir.",
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    cancel: 'Annuler',
    saved: 'Préférences enregistrées',
    savedText: 'Vos choix de notifications sont enregistrés.',
    saveFailed: 'Préférences non enregistrées',
    saveFailedText: "Impossible d'enregistrer vos préférences. Veuillez réessayer.",
  },
});
