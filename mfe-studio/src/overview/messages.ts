import { defineMessages } from '@kasa/ui';

/** Texts of the studio's Overview tab in English and French. */
export const overviewMessages = defineMessages({
  en: {
    active: 'Active',
    mediaTitle: 'Media Studio',
    mediaText: 'Turn a text prompt into an image, square, landscape or portrait.',
    mediaEngine: 'Image generation model',
    videoSoon: 'Video: coming soon',
    openMedia: 'Open Media Studio',
    voiceTitle: 'Voice Lab',
    voiceText: 'Record or upload speech to get its text, and turn text into speech.',
    sttEngine: 'Speech-to-text: speech recognition engine',
    voices: 'Text-to-speech: {count} voices ({names})',
    openVoice: 'Open Voice Lab',
  },
  fr: {
    active: 'Actif',
    mediaTitle: 'Studio média',
    mediaText: 'Transformez une description écrite en image, carrée, en paysage ou en portrait.',
    mediaEngine: "Modèle de génération d'images",
    videoSoon: 'Vidéo : bientôt disponible',
    openMedia: 'Ouvrir le studio média',
    voiceTitle: 'Labo voix',
    voiceText: 'Enregistrez ou importez de la parole pour obtenir son texte, et faites lire un texte.',
    sttEngine: 'De la parole au texte : moteur de reconnaissance vocale',
    voices: 'Du texte à la parole : {count} voix ({names})',
    openVoice: 'Ouvrir le labo voix',
  },
});
