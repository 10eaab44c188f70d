import { defineMessages } from '@kasa/ui';

/** Texts of the AI Studio frame (title, header links, tabs) in English and French. */
export const messages = defineMessages({
  en: {
    title: 'AI Studio',
    subtitle: 'Create images and work with speech.',
    chat: 'Chat',
    getPro: 'Get Pro',
    tabs: 'AI Studio sections',
    overviewTab: 'Overview',
    mediaTab: 'Media Studio',
    voiceTab: 'Voice Lab',
    loading: 'Loading...',
  },
  fr: {
    title: 'Studio IA',
    subtitle: 'Créez des images et travaillez avec la voix.',
    chat: 'Discussion',
    getPro: 'Passer à Pro',
    tabs: 'Sections du studio IA',
    overviewTab: "Vue d'ensemble",
    mediaTab: 'Studio média',
    voiceTab: 'Labo voix',
    loading: 'Chargement...',
  },
});
