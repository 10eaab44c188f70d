import { defineMessages } from '@kasa/ui';

/** Account → Shared links: the conversations the user made readable by link, and the way to stop it. */
export const sharedLinksMessages = defineMessages({
  en: {
    title: 'Shared links',
    explain:
      'Anyone with one of these links can read the conversation as it was when you shared it, without an account. Revoke a link to stop sharing it.',
    empty: 'You have no shared links. Share a conversation from the chat to get a link anyone can read.',
    listLabel: 'Your shared links',
    sharedOn: 'Shared on {date}',
    // A non-breaking space: a number never ends a line without its word.
    oneMessage: '1\u00a0message',
    messageCount: '{count}\u00a0messages',
    showsName: 'Shows your name',
    conversationDeleted: 'You deleted the conversation; the link still shows the copy you shared.',
    copyLink: 'Copy link',
    open: 'Open',
    revoke: 'Revoke',
    confirmRevoke: 'Revoke the link to “{title}”? It stops working at once, for everyone.',
    revoking: 'Revoking...',
    revoked: 'Link revoked',
    revokedText: 'The conversation is no longer shared at this link.',
    revokeFailed: 'Could not revoke the link',
  },
  fr: {
    title: 'Liens partagés',
    explain:
      "Toute personne qui a l'un de ces liens peut lire la conversation telle qu'elle était quand vous l'avez partagée, sans compte. Révoquez un lien pour arrêter de la partager.",
    empty:
      "Vous n'avez aucun lien partagé. Partagez une conversation depuis le chat pour obtenir un lien que tout le monde peut lire.",
    listLabel: 'Vos liens partagés',
    sharedOn: 'Partagé le {date}',
    oneMessage: '1\u00a0message',
    messageCount: '{count}\u00a0messages',
    showsName: 'Affiche votre nom',
    conversationDeleted: 'Vous avez supprimé la conversation ; le lien montre toujours la copie partagée.',
    copyLink: 'Copier le lien',
    open: 'Ouvrir',
    revoke: 'Révoquer',
    confirmRevoke:
      'Révoquer le lien vers « {title} » ? Il cesse de fonctionner tout de suite, pour tout le monde.',
    revoking: 'Révocation...',
    revoked: 'Lien révoqué',
    revokedText: "La conversation n'est plus partagée par ce lien.",
    revokeFailed: 'Impossible de révoquer le lien',
  },
});
