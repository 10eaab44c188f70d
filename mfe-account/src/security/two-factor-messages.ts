import { defineMessages } from '@kasa/ui';

/** The two-factor dialogs (loaded with them, not with the page). */
export const twoFactorMessages = defineMessages({
  en: {
    enrolTitle: 'Turn on two-factor sign-in',
    scanStep:
      '1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Aegis...).',
    qrAlt: 'QR code for your authenticator app',
    typeStep: 'Or type this key into the app:',
    copySecret: 'Copy key',
    codeStep: '2. Enter the 6-digit code the app shows.',
    code: 'Code',
    codeHint: '6 digits from your authenticator app.',
    anyCodeHint: '6 digits from your authenticator app, or one of your backup codes.',
    totpInvalid: 'Enter the 6 digits your authenticator app shows.',
    anyCodeInvalid: 'Enter the 6 digits your app shows, or a backup code (xxxxx-xxxxx).',
    verify: 'Verify and enable',
    verifying: 'Checking...',
    codesTitle: 'Your backup codes',
    codesExplain:
      'Each code lets you sign in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    copyCodes: 'Copy',
    downloadCodes: 'Download (.txt)',
    saved: 'I have saved my codes',
    codesFileHeader: '{appName} backup codes for {username}. Each code works once.',
    disableTitle: 'Turn off two-factor sign-in',
    disableExplain:
      'Enter a code from your authenticator app, or a backup code, to turn two-factor sign-in off.',
    disableSubmit: 'Disable 2FA',
    disabled: 'Two-factor sign-in is off',
    renewTitle: 'New backup codes',
    renewExplain: 'Your old backup codes stop working. Enter a code from your authenticator app.',
    renewSubmit: 'Get new codes',
    enabled: 'Two-factor sign-in is on',
    failed: 'That did not work',
  },
  fr: {
    enrolTitle: 'Activer la connexion en deux étapes',
    scanStep:
      "1. Scannez ce code QR avec une application d'authentification (Google Authenticator, Microsoft Authenticator, Aegis...).",
    qrAlt: "Code QR pour votre application d'authentification",
    typeStep: "Ou saisissez cette clé dans l'application :",
    copySecret: 'Copier la clé',
    codeStep: "2. Saisissez le code à 6 chiffres affiché par l'application.",
    code: 'Code',
    codeHint: "6 chiffres de votre application d'authentification.",
    anyCodeHint: "6 chiffres de votre application d'authentification, ou un de vos codes de secours.",
    totpInvalid: "Saisissez les 6 chiffres affichés par votre application d'authentification.",
    anyCodeInvalid: 'Saisissez les 6 chiffres de votre application, ou un code de secours (xxxxx-xxxxx).',
    verify: 'Vérifier et activer',
    verifying: 'Vérification...',
    codesTitle: 'Vos codes de secours',
    codesExplain:
      'Chaque code permet de vous connecter une fois si vous perdez votre téléphone. Gardez-les en lieu sûr : ils ne sont affichés que maintenant.',
    copyCodes: 'Copier',
    downloadCodes: 'Télécharger (.txt)',
    saved: "J'ai enregistré mes codes",
    codesFileHeader: 'Codes de secours {appName} de {username}. Chaque code ne sert qu’une fois.',
    disableTitle: 'Désactiver la connexion en deux étapes',
    disableExplain:
      "Saisissez un code de votre application d'authentification, ou un code de secours, pour désactiver la connexion en deux étapes.",
    disableSubmit: 'Désactiver la 2FA',
    disabled: 'La connexion en deux étapes est désactivée',
    renewTitle: 'Nouveaux codes de secours',
    renewExplain:
      "Vos anciens codes de secours ne fonctionneront plus. Saisissez un code de votre application d'authentification.",
    renewSubmit: 'Obtenir de nouveaux codes',
    enabled: 'La connexion en deux étapes est activée',
    failed: "Cela n'a pas fonctionné",
  },
});
