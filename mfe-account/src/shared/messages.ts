import { defineMessages } from '@kasa/ui';

/** Texts the tabs share: Cancel, loading, copy feedback. */
export const commonMessages = defineMessages({
  en: {
    cancel: 'Cancel',
    copy: 'Copy',
    copied: 'Copied',
    copiedText: 'It is on your clipboard.',
    copyFailed: 'Could not copy',
    copyFailedText: 'Select the text and copy it by hand.',
    loadFailed: 'This could not load. Check your internet connection, then try again.',
    retry: 'Retry',
    loading: 'Loading...',
  },
  fr: {
    cancel: 'Annuler',
    copy: 'Copier',
    copied: 'Copié',
    copiedText: 'Le texte est dans votre presse-papiers.',
    copyFailed: 'Impossible de copier',
    copyFailedText: 'Sélectionnez le texte et copiez-le vous-même.',
    loadFailed: 'Le chargement a échoué. Vérifiez votre connexion Internet, puis réessayez.',
    retry: 'Réessayer',
    loading: 'Chargement...',
  },
});
