import { defineMessages } from '@kasa/ui';

/** Texts shared by the studio's results (playing and saving files) in English and French. */
export const sharedMessages = defineMessages({
  en: {
    play: 'Play',
    pause: 'Pause',
    download: 'Download',
    clear: 'Clear',
    playbackFailed: 'Playback failed',
    playbackFailedText: 'Could not play audio',
    downloadFailed: 'Download failed',
    downloadFailedText: 'Could not download file',
  },
  fr: {
    play: 'Écouter',
    pause: 'Pause',
    download: 'Télécharger',
    clear: 'Effacer',
    playbackFailed: 'Lecture impossible',
    playbackFailedText: "Impossible de lire l'audio",
    downloadFailed: 'Échec du téléchargement',
    downloadFailedText: 'Impossible de télécharger le fichier',
  },
});
