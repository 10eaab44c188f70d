/**
 * Words a question is made of that say nothing about its topic, in English and French. The
 * knowledge search leaves them out twice: they are not searched for (they would match every
 * passage), and a passage is not asked to contain them (see ../knowledge/relevance.ts).
 */

const words = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/));

/**
 * PostgreSQL's own English stop words (tsearch_data/english.stop, the 'english' configuration),
 * word for word: the texts are searched with that configuration, so a word it drops can never be
 * found in a passage and must not count as a word of the question either.
 */
export const ENGLISH_STOP_WORDS = words(`
  i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own same
  so than too very s t can will just don should now
`);

/** Frequent French words that carry no search meaning (also the French signal of detect-language). */
export const FRENCH_STOP_WORDS = words(`
  le la les l un une des du de d au aux et ou mais donc est sont suis es sommes êtes être ai as
  avons avez ont avoir je j tu il elle nous vous ils elles on me m te t se s moi toi lui eux soi
  mon ma mes ton ta tes
  son sa ses notre nos votre vos leur leurs ce cet cette ces ça cela qui que qu quoi dont où quel
  quelle quels quelles comment pourquoi quand combien est-ce dans sur sous avec sans pour par chez
  entre vers ne n pas plus moins très aussi bien tout tous toute toutes si y en peux peut puis
  faut fait faire dois doit veux voudrais bonjour merci svp oui non
`);

/**
 * English words that are not stop words but fit any topic: everyday verbs (with the forms people
 * type), vague nouns and adjectives, politeness. "My cassava leaves are turning yellow" is about
 * cassava, not about "turning": a passage that shares only such words with a question
 * ("cannot be turned off") is not about it.
 */
export const ENGLISH_GENERIC_WORDS = words(`
  use uses used using get gets got getting gotten make makes made making turn turns turned turning
  need needs needed want wants wanted help helps helped helping know knows knew known tell tells
  told give gives gave given take takes took taken go goes went gone going come comes came coming
  see sees saw seen look looks looked looking find finds found try tries tried trying work works
  worked working put puts keep keeps kept let lets say says said think thinks thought mean means
  meant happen happens happened start starts started seem seems become becomes became
  would could might must shall may also still even really well just already always never often
  sometimes maybe please hi hello hey thanks thank ok okay yes sure
  thing things something anything everything nothing someone anyone everyone way ways time times
  lot lots kind sort part problem problems issue issues question questions idea ideas
  much many good bad best better worse worst right wrong able possible new old big small
  one two first last next another every
`);

/** The same for French (verbs in the forms questions use them, vague nouns, politeness). */
export const FRENCH_GENERIC_WORDS = words(`
  utiliser utilise utilises utilisez utilisons utilisent utilisé utilisée utilisés utilisées
  avoir fais faites font faisons mettre mets met mettez prendre prends prend prenez donner donne
  donnez trouver trouve trouvez garder garde gardez gardons gardent aider aide aidez aidé savoir
  sais sait savez dire dis dit dites
  voir vois voit voyez aller vais va allez venir viens vient pouvoir pouvez pouvons peuvent
  vouloir voulez veut voulons devoir devez devons falloir marcher marche fonctionne fonctionner
  chose choses quelque quelqu truc trucs façon manière temps fois jour jours problème problèmes
  question questions besoin idée beaucoup peu vraiment déjà toujours jamais souvent encore
  bon bonne bons bonnes meilleur meilleure mieux mauvais possible nouveau nouvelle
  salut plaît stp svp ok
`);

export type StopWordLanguage = 'en' | 'fr';

/**
 * Whether a (lower-case) word of a question says something about its topic. English stop and
 * generic words are dropped in every question (they are what PostgreSQL drops, and the stored
 * texts are English); the French lists only in a French question, because some French function
 * words are English content words ('ai' is French for 'have' and English for AI).
 */
export function isMeaningfulWord(word: string, language: StopWordLanguage): boolean {
  if (ENGLISH_STOP_WORDS.has(word) || ENGLISH_GENERIC_WORDS.has(word)) return false;
  return language !== 'fr' || !(FRENCH_STOP_WORDS.has(word) || FRENCH_GENERIC_WORDS.has(word));
}
