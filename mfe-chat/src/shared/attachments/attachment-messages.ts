import { defineMessages } from '@kasa/ui';

/** Texts of attachments: the composer's chips (an upload being read) and a sent message's attachments. */
export const attachmentMessages = defineMessages({
  en: {
    attachments: 'Attachments',
    removeAttachment: 'Remove {name}',
    reading: 'Reading… {percent}%',
    readFailed: 'Could not read its text (it is still sent)',
    openAttachment: 'Open {name} (new tab)',
  },
  fr: {
    attachments: 'Pièces jointes',
    removeAttachment: 'Retirer {name}',
    reading: 'Lecture… {percent} %',
    readFailed: 'Texte illisible (le fichier est tout de même envoyé)',
    openAttachment: 'Ouvrir {name} (nouvel onglet)',
  },
});
