import { defineMessages } from '@kasa/ui';

/** Profile tab (docs/product.md#account-page, error texts docs/product.md#messages-and-toasts). */
export const profileMessages = defineMessages({
  en: {
    title: 'Profile',
    username: 'Username',
    email: 'E-mail',
    noEmail: 'No email provided',
    edit: 'Edit',
    cancel: 'Cancel',
    save: 'Save Changes',
    saving: 'Saving...',
    emailNote: 'Password reset codes are sent to this e-mail.',
    profileLoading: 'Loading your profile...',
    profileFailed: 'Your profile could not load. Check your internet connection, then reload the page.',
    signedOut: 'You are not signed in.',
    updated: 'Profile Updated',
    updatedText: 'Your changes are saved.',
    updateFailed: 'Update Failed',
    updateFailedText: 'Failed to update profile',
    currentPassword: 'Current password',
    currentPasswordHint:
      'Your e-mail receives the password reset codes: changing it needs your password. We will tell the address you replace.',
    code: 'Two-factor code',
    codeHint: 'A code from your authenticator app, or a backup code.',
  },
  fr: {
    title: 'Profil',
    username: "Nom d'utilisateur",
    email: 'Adresse e-mail',
    noEmail: 'Aucune adresse e-mail',
    edit: 'Modifier',
    cancel: 'Annuler',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    emailNote: 'Les codes de réinitialisation du mot de passe sont envoyés à cette adresse.',
    profileLoading: 'Chargement de votre profil...',
    profileFailed:
      "Votre profil n'a pas pu se charger. Vérifiez votre connexion Internet, puis rechargez la page.",
    signedOut: "Vous n'êtes pas connecté.",
    updated: 'Profil mis à jour',
    updatedText: 'Vos modifications sont enregistrées.',
    updateFailed: 'Échec de la mise à jour',
    updateFailedText: 'Impossible de mettre à jour le profil',
    currentPassword: 'Mot de passe actuel',
    currentPasswordHint:
      "Votre adresse reçoit les codes de réinitialisation du mot de passe : la changer demande votre mot de passe. Nous prévenons l'adresse remplacée.",
    code: 'Code de connexion en deux étapes',
    codeHint: "Un code de votre application d'authentification, ou un code de secours.",
  },
});
