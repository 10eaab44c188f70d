import { defineMessages } from '@kasa/ui';

/** Delete account: the danger card and its confirmation dialog. */
export const deleteMessages = defineMessages({
  en: {
    title: 'Delete account',
    explain:
      'Deletes your account for good: your profile, conversations, generated images and audio, uploaded files, research, canvases, usage and settings. It cannot be undone.',
    paymentsKept:
      'Payment records are kept, anonymised (no longer linked to you), because accounting law requires it.',
    cardCancelled: 'An active card subscription is cancelled at once; the remaining Pro time is lost.',
    open: 'Delete account',
    dialogTitle: 'Delete your account?',
    password: 'Password',
    code: 'Two-factor code',
    codeHint: 'A code from your authenticator app, or a backup code.',
    confirmUsername: 'Type your username ({username}) to confirm',
    submit: 'Delete my account forever',
    deleting: 'Deleting...',
    cancel: 'Cancel',
    deleted: 'Account deleted',
    deletedText: 'Your account and all its data have been deleted.',
    failedText: 'Your account could not be deleted. Please try again.',
  },
  fr: {
    title: 'Supprimer le compte',
    explain:
      'Supprime définitivement votre compte : profil, conversations, images et audios générés, fichiers importés, recherches, canevas, utilisation et réglages. Impossible de revenir en arrière.',
    paymentsKept:
      'Les enregistrements de paiement sont conservés, anonymisés (plus liés à vous), comme la loi comptable l’exige.',
    cardCancelled: 'Un abonnement par carte actif est annulé immédiatement ; le temps Pro restant est perdu.',
    open: 'Supprimer le compte',
    dialogTitle: 'Supprimer votre compte ?',
    password: 'Mot de passe',
    code: 'Code de connexion en deux étapes',
    codeHint: "Un code de votre application d'authentification, ou un code de secours.",
    confirmUsername: "Saisissez votre nom d'utilisateur ({username}) pour confirmer",
    submit: 'Supprimer mon compte définitivement',
    deleting: 'Suppression...',
    cancel: 'Annuler',
    deleted: 'Compte supprimé',
    deletedText: 'Votre compte et toutes ses données ont été supprimés.',
    failedText: "Votre compte n'a pas pu être supprimé. Veuillez réessayer.",
  },
});
