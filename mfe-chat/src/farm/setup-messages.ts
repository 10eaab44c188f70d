import { defineMessages } from '@kasa/ui';

/** The invitation to describe the farm (kept apart: a farm without a place never loads the forecast's texts). */
export const farmSetupMessages = defineMessages({
  en: {
    setupTitle: 'Tell {assistantName} about your farm',
    setupText:
      'Your village, crops and animals: {assistantName} tailors its answers and shows your rain forecast.',
    setupAction: 'Set up my farm',
    notNow: 'Not now',
  },
  fr: {
    setupTitle: 'Parlez de votre ferme à {assistantName}',
    setupText:
      'Votre village, vos cultures et vos animaux : {assistantName} adapte ses réponses et affiche vos prévisions de pluie.',
    setupAction: 'Décrire ma ferme',
    notNow: 'Plus tard',
  },
});
