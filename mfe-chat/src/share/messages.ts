import { defineMessages } from '@kasa/ui';

/** Texts of Share conversation (the top bar's button and its dialog). */
export const shareMessages = defineMessages({
  en: {
    share: 'Share this conversation',
    dialogTitle: 'Share this conversation',
    explanation: 'Anyone with the link can read this conversation up to now. Later messages are not shared.',
    explanationUpTo:
      'Anyone with the link can read this conversation up to the chosen message. Later messages are not shared.',
    showName: 'Show my name',
    showNameOn: 'Your username is shown on the shared page.',
    showNameOff: 'No name or other personal details are shown.',
    createLink: 'Create link',
    creating: 'Creating link…',
    createFailed: 'The link could not be created.',
    needsConnection: 'Needs a connection',
    linkLabel: 'Link to this conversation',
    linkReady: 'The link is ready. Anyone who has it can read this conversation.',
    copyLink: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Copy is not available here: press and hold the link to copy it.',
    shareVia: 'Share…',
    manageLinks: 'Manage shared links',
    close: 'Close',
  },
  fr: {
    share: 'Partager cette conversation',
    dialogTitle: 'Partager cette conversation',
    explanation:
      "Toute personne ayant le lien peut lire cette conversation jusqu'ici. Les messages suivants ne sont pas partagés.",
    explanationUpTo:
      "Toute personne ayant le lien peut lire cette conversation jusqu'au message choisi. Les messages suivants ne sont pas partagés.",
    showName: 'Afficher mon nom',
    showNameOn: "Votre nom d'utilisateur est affiché sur la page partagée.",
    showNameOff: "Aucun nom ni autre donnée personnelle n'est affiché.",
    createLink: 'Créer le lien',
    creating: 'Création du lien…',
    createFailed: "Le lien n'a pas pu être créé.",
    needsConnection: 'Nécessite une connexion',
    linkLabel: 'Lien vers cette conversation',
    linkReady: "Le lien est prêt. Toute personne qui l'a peut lire cette conversation.",
    copyLink: 'Copier le lien',
    copied: 'Lien copié',
    copyFailed: "La copie n'est pas disponible ici : appuyez longuement sur le lien pour le copier.",
    shareVia: 'Partager…',
    manageLinks: 'Gérer les liens partagés',
    close: 'Fermer',
  },
});
