import { defineMessages } from '@kasa/ui';

/**
 * Texts of the enhancements that are on the chat's first screen: the plus button, its menu, the
 * attachment chips and a sent message's attachments. The dialogs' texts load with the dialogs
 * (./dialog-messages.ts).
 */
export const enhancementMessages = defineMessages({
  en: {
    enhancements: 'Enhancements',
    enhancementAdded: 'Enhancement Added',
    addPhotoOrFile: 'Add Photo or File',
    addFromCloud: 'Add from cloud storage',
    webSearch: 'Web Search',
    canvas: 'Canvas',
    research: 'Research',
    languageTool: 'Language Tool',
    loadingTool: 'Loading…',
    attachments: 'Attachments',
    removeAttachment: 'Remove {name}',
    reading: 'Reading… {percent}%',
    readFailed: 'Could not read its text (it is still sent)',
    openAttachment: 'Open {name} (new tab)',
  },
  fr: {
    enhancements: 'Améliorations',
    enhancementAdded: 'Amélioration ajoutée',
    addPhotoOrFile: 'Ajouter une photo ou un fichier',
    addFromCloud: 'Ajouter depuis le stockage en ligne',
    webSearch: 'Recherche web',
    canvas: 'Canevas',
    research: 'Recherche approfondie',
    languageTool: 'Outil linguistique',
    loadingTool: 'Chargement…',
    attachments: 'Pièces jointes',
    removeAttachment: 'Retirer {name}',
    reading: 'Lecture… {percent} %',
    readFailed: 'Texte illisible (le fichier est tout de même envoyé)',
    openAttachment: 'Ouvrir {name} (nouvel onglet)',
  },
});
