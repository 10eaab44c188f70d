import { defineMessages } from '@kasa/ui';

/** Texts of AI Studio in English (the product's wording, docs/product.md) and French. */
export const messages = defineMessages({
  en: {
    title: 'AI Studio',
    subtitle: 'Create images and work with speech.',
    overviewTitle: 'Overview',
    overviewText: 'What the studio can do, and your usage, will show here.',
    mediaTitle: 'Media Studio',
    mediaText: 'Image generation from a text prompt. Not connected yet.',
    voiceTitle: 'Voice Lab',
    voiceText: 'Speech to text and text to speech with six voices. Not connected yet.',
  },
  fr: {
    title: 'Studio IA',
    subtitle: 'Créez des images et travaillez avec la voix.',
    overviewTitle: "Vue d'ensemble",
    overviewText: "Ce que le studio peut faire et votre utilisation s'afficheront ici.",
    mediaTitle: 'Studio média',
    mediaText: "Création d'images à partir d'une description écrite. Pas encore disponible.",
    voiceTitle: 'Labo voix',
    voiceText: 'De la parole au texte et du texte à la parole, avec six voix. Pas encore disponible.',
  },
});
