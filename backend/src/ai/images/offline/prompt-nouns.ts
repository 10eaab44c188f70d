import { IRREGULAR_SINGULARS } from './icon-vocabulary';

/**
 * Words of a prompt that name nothing to draw, English and French (without accents): articles,
 * prepositions, pronouns and the like.
 */
const STOP_WORDS = new Set(
  (
    'a an the of in on at under over with without and or to for from by near beside behind ' +
    'into onto its it their his her my our your this that these those is are be being was ' +
    'some any many few very there here while during around next up down out as all one two ' +
    'le la les un une des du de au aux et ou en dans sur sous avec sans pour par pres cote ' +
    'derriere devant entre ce cet cette ces mon ma mes ton ta tes son sa ses leur leurs notre ' +
    'nos votre vos est sont qui que quoi quelque quelques chose tres il elle ils elles on nous ' +
    'vous je tu moi toi lui plusieurs tout tous toute toutes autour pendant'
  ).split(/\s+/),
);

/** Words that describe what is drawn without being it: colours, sizes, states, styles. */
const ADJECTIVES = new Set(
  (
    'big small large little tiny huge beautiful pretty nice good bad happy healthy sick ' +
    'diseased young old new fresh ripe unripe green red yellow blue white black brown ' +
    'pink purple grey gray dry wet hot cold warm full empty tall short long simple ' +
    'realistic cute funny colorful colourful bright dark african cameroonian local ' +
    'traditional modern rural organic wild sweet strong fat thin heavy ' +
    'grand grande grands grandes petit petite petits petites beau belle beaux belles joli ' +
    'jolie bon bonne bons bonnes mauvais mauvaise heureux heureuse sain saine sains saines ' +
    'malade malades jeune jeunes vieux vieille nouveau nouvelle frais fraiche mur mure murs ' +
    'mures vert verte verts vertes rouge rouges jaune jaunes bleu bleue blanc blanche noir ' +
    'noire marron rose gris grise sec seche secs seches humide chaud chaude froid froide ' +
    'plein pleine vide haut haute simple realiste mignon mignonne colore coloree africain ' +
    'africaine camerounais camerounaise traditionnel traditionnelle moderne rural rurale ' +
    'biologique bio sauvage doux douce fort forte gros grosse'
  ).split(/\s+/),
);

/** How a request asks for a picture ("draw", "picture of", "dessine-moi"): not what to draw. */
const REQUEST_WORDS = new Set(
  (
    'draw drawing make create generate show paint painting illustrate illustration picture ' +
    'image photo photograph sketch render design please want need give cartoon icon ' +
    'dessine dessiner dessin fais faire fait genere generer cree creer montre montrer peins ' +
    'peindre peinture illustre illustrer svp stp veux voudrais donne donner'
  ).split(/\s+/),
);

/** Lower case, accents removed (é → e, œ → oe), split on anything that is not a letter or digit. */
export function promptWords(prompt: string): string[] {
  return (
    prompt
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Ligatures have no decomposition: "œufs" would otherwise never match "oeuf".
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 2)
  );
}

/**
 * The words of a prompt that may name something to draw, in order: its words without stop words,
 * adjectives and the words of the request itself. Plain word lists, not grammar: prompts are short
 * and the vocabulary decides what is drawn.
 */
export function promptNouns(prompt: string): string[] {
  return promptWords(prompt).filter(
    (word) => !STOP_WORDS.has(word) && !ADJECTIVES.has(word) && !REQUEST_WORDS.has(word),
  );
}

/** The forms a noun may be listed under: itself, then its singulars (English and French endings). */
export function nounForms(word: string): string[] {
  const forms = [word];
  const add = (form: string) => {
    if (!forms.includes(form)) forms.push(form);
  };
  if (IRREGULAR_SINGULARS[word]) add(IRREGULAR_SINGULARS[word]);
  if (word.length > 4 && word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.length > 4 && word.endsWith('aux')) add(`${word.slice(0, -3)}al`);
  if (word.length > 4 && /(ches|shes|sses|xes|oes)$/.test(word)) add(word.slice(0, -2));
  if (word.length > 3 && /[sx]$/.test(word)) add(word.slice(0, -1));
  return forms;
}
