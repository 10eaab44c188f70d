import { defineMessages } from '@kasa/ui';

/**
 * Texts of the enhancements that are on the chat's first screen: the plus button and its menu.
 * The dialogs' texts load with the dialogs (./dialog-messages.ts); the attachments' texts are
 * shared with the composer and the conversation (shared/attachments/attachment-messages.ts).
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
    notAvailableHere: 'Not available on this server',
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
    notAvailableHere: 'Non disponible sur ce serveur',
  },
});
