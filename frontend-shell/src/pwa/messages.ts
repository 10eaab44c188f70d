import { defineMessages } from '@kasa/ui';

/** The install card's texts. The platform lines are the product's wording (docs/product.md#install-card). */
export const installPromptMessages = defineMessages({
  en: {
    title: 'Install {appName}',
    android: 'Install as app for the best experience',
    desktop: 'Install as desktop app for quick access',
    ios: "Tap the Share button, then 'Add to Home Screen'",
    install: 'Install',
    dismiss: 'Not now',
  },
  fr: {
    title: 'Installer {appName}',
    android: "Installez l'application pour une meilleure expérience",
    desktop: "Installez l'application de bureau pour un accès rapide",
    ios: "Touchez le bouton Partager, puis « Sur l'écran d'accueil »",
    install: 'Installer',
    dismiss: 'Plus tard',
  },
});
