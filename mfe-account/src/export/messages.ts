import { defineMessages } from '@kasa/ui';

/** Export Data (docs/product.md#account-page): a ZIP of everything the account holds. */
export const exportMessages = defineMessages({
  en: {
    exportData: 'Export Data',
    exportHint: 'A ZIP file with your profile, conversations, files and settings.',
    starting: 'Starting...',
    preparing: 'Preparing your data: {percent} %',
    progressLabel: 'Export progress',
    download: 'Download your data (ZIP)',
    validUntil: 'Link valid until {time}',
    expired: 'Your last export has expired. Start a new one.',
    failed: 'The export failed.',
    tryAgain: 'Try again',
    startFailed: 'The export could not start',
    checkFailed: 'The export progress could not be checked. Check your internet connection.',
  },
  fr: {
    exportData: 'Exporter les données',
    exportHint: 'Un fichier ZIP avec votre profil, vos conversations, vos fichiers et vos réglages.',
    starting: 'Démarrage...',
    preparing: 'Préparation de vos données : {percent} %',
    progressLabel: "Progression de l'export",
    download: 'Télécharger vos données (ZIP)',
    validUntil: "Lien valable jusqu'au {time}",
    expired: 'Votre dernier export a expiré. Lancez-en un nouveau.',
    failed: "L'export a échoué.",
    tryAgain: 'Réessayer',
    startFailed: "L'export n'a pas pu démarrer",
    checkFailed: "La progression de l'export n'a pas pu être vérifiée. Vérifiez votre connexion Internet.",
  },
});
