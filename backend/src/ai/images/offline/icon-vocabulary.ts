/**
 * Nouns of a prompt (English and French, lower case, without accents, singular) mapped to the
 * Noto emoji icon that really draws them. Two vocabularies, searched in this order: the farm one
 * (Kasa's users grow, raise and sell food), then everyday words. A noun in neither still matches
 * an icon of the same name ('lion', 'guitar'). A test checks that every icon named here exists in
 * the bundled set (@iconify-json/noto).
 */

/**
 * Crops, animals, tools, weather and landscape. A farm word with no faithful icon is listed in
 * FARM_WORDS_WITHOUT_ICON instead: drawing a chocolate bar for cocoa pods would mislead.
 */
export const FARM_WORD_GROUPS: Readonly<Record<string, string>> = {
  // Crops. Cassava's root is a brown tuber like the potato's; yam is the sweet potato's tuber.
  potato: 'cassava manioc yuca tapioca gari potato patate tuber tubercule',
  'roasted-sweet-potato': 'yam igname',
  'ear-of-corn': 'maize corn mais',
  'sheaf-of-rice':
    'rice riz paddy wheat ble grain cereal cereale millet mil sorghum sorgho harvest recolte moisson crop',
  banana: 'banana banane plantain',
  tomato: 'tomato tomate',
  onion: 'onion oignon',
  garlic: 'garlic ail',
  'hot-pepper': 'pepper piment chili',
  'bell-pepper': 'poivron',
  peanuts: 'peanut groundnut arachide cacahuete',
  beans: 'bean haricot cowpea niebe soy soja',
  'pea-pod': 'pea pois',
  'hot-beverage': 'coffee cafe',
  'teacup-without-handle': 'tea',
  coconut: 'coconut coco',
  mango: 'mango mangue',
  pineapple: 'pineapple ananas',
  avocado: 'avocado avocat',
  tangerine: 'orange citrus agrume mandarine',
  lemon: 'lemon citron',
  watermelon: 'watermelon pasteque',
  carrot: 'carrot carotte',
  cucumber: 'cucumber concombre',
  eggplant: 'eggplant aubergine',
  'ginger-root': 'ginger gingembre',
  'leafy-green': 'cabbage chou lettuce salade spinach epinard vegetable legume okra gombo',
  seedling:
    'seed graine semence seedling plantule sprout pousse plant nursery pepiniere field champ plantation',
  herb: 'leaf feuille herb herbe',
  'deciduous-tree': 'tree arbre baobab forest foret wood bois agroforestry agroforesterie cacaoyer cafeier',
  'palm-tree': 'palm palmier',
  sunflower: 'sunflower tournesol',
  'potted-plant': 'soil sol terre compost fertilizer engrais manure fumier',
  farmer:
    'farmer agriculteur agricultrice paysan paysanne cultivateur cultivatrice planteur farming agriculture',
  'house-with-garden': 'farm ferme homestead',
  // Tools. Only those with an icon of their own; 'tool' itself is the toolbox's hammer and wrench.
  tractor: 'tractor tracteur',
  shovel: 'shovel spade pelle',
  pick: 'pickaxe pioche',
  axe: 'axe hache',
  bucket: 'bucket seau',
  basket: 'basket panier',
  'hammer-and-wrench': 'tool outil equipment equipement',
  // Weather, water and landscape.
  droplet: 'water eau irrigation watering arrosage puits',
  'cloud-with-rain': 'rain pluie rainy pluvieux shower averse',
  'cloud-with-lightning-and-rain': 'storm orage thunderstorm tempete',
  sun: 'sun soleil sunny ensoleille heat chaleur',
  cloud: 'cloud nuage cloudy nuageux',
  'leafless-tree': 'drought secheresse',
  desert: 'desert sahel',
  'leaf-fluttering-in-wind': 'wind vent',
  rainbow: 'rainbow',
  fog: 'fog brouillard mist brume',
  'sun-behind-rain-cloud': 'weather meteo climate climat forecast prevision season saison',
  // The river through a valley, not the sea's wave.
  'national-park': 'river riviere fleuve stream ruisseau lake lac valley vallee landscape paysage',
  'water-wave': 'sea mer ocean wave vague flood inondation',
  mountain: 'mountain montagne hill colline',
  // The sun on the horizon: the set's 'sunset' icon is a city skyline at dusk.
  sunrise: 'sunset sunrise dawn aube dusk crepuscule evening soir morning matin',
  'night-with-stars': 'night nuit',
  hut: 'village hut',
  'shopping-cart': 'market marche',
  package: 'storage stockage stock granary grenier silo',
  // Animals.
  chicken: 'chicken poulet poule hen poultry volaille aviculture',
  rooster: 'rooster coq',
  'baby-chick': 'chick poussin',
  egg: 'egg oeuf',
  cow: 'cow vache cattle betail bovin calf veau livestock elevage',
  ox: 'ox boeuf bull taureau zebu',
  'water-buffalo': 'buffalo buffle',
  goat: 'goat chevre cabri bouc',
  ewe: 'sheep mouton brebis lamb agneau',
  ram: 'ram belier',
  pig: 'pig porc cochon pork piglet porcelet',
  fish: 'fish poisson fishing peche pisciculture aquaculture tilapia catfish silure',
  honeybee: 'bee abeille beekeeping apiculture hive ruche',
  'honey-pot': 'honey miel',
  snail: 'snail escargot heliciculture',
  rabbit: 'rabbit lapin',
  duck: 'duck canard',
  turkey: 'turkey dinde dindon',
  goose: 'goose oie',
  horse: 'horse cheval',
  donkey: 'donkey ane',
  camel: 'camel chameau dromadaire',
  dog: 'dog chien',
  rat: 'rat grasscutter aulacode',
  cricket: 'insect insecte pest ravageur locust criquet grasshopper sauterelle',
  bug: 'caterpillar chenille armyworm',
  worm: 'worm ver earthworm',
  ant: 'ant fourmi',
  mosquito: 'mosquito moustique malaria paludisme',
  bird: 'bird oiseau',
  'glass-of-milk': 'milk lait dairy laitier',
};

/**
 * Farm words Kasa knows but no icon of the set draws faithfully (there is no hoe, machete,
 * watering can, wheelbarrow, sprayer, sickle, rake, cocoa pod or guinea fowl emoji). They are
 * nouns of the prompt all the same: they take no icon, and no other vocabulary may draw them.
 */
export const FARM_WORDS_WITHOUT_ICON: readonly string[] = (
  'cocoa cacao pod cabosse hoe houe daba machete machette wheelbarrow brouette ' +
  'sprayer pulverisateur sickle faucille rake rateau plough plow charrue guinea pintade ' +
  'cashew anacardier cajou cotton coton rubber hevea oil huile'
).split(/\s+/);

/**
 * Farm names of two or three words, matched before their words one by one: the icon that draws
 * the whole, or null when nothing draws it (a watering can is not a droplet).
 */
export const FARM_PHRASES: Readonly<Record<string, string | null>> = {
  'watering can': null,
  'oil palm': 'palm-tree',
  'palm oil': null,
  'huile de palme': null,
  'palmier a huile': 'palm-tree',
  'cocoa bean': 'beans',
  'cacao bean': 'beans',
  'feve de cacao': 'beans',
  'coffee bean': 'beans',
  'grain de cafe': 'beans',
  'cocoa tree': 'deciduous-tree',
  'coffee tree': 'deciduous-tree',
  'sweet potato': 'roasted-sweet-potato',
  'patate douce': 'roasted-sweet-potato',
  'pomme de terre': 'potato',
  'coucher de soleil': 'sunrise',
  'lever de soleil': 'sunrise',
  'coucher du soleil': 'sunrise',
  'lever du soleil': 'sunrise',
  'arc en ciel': 'rainbow',
  'guinea fowl': null,
  'guinea pig': null,
  'cochon inde': null,
};

/** Everyday words, looked up only for the nouns the farm vocabulary does not know. */
export const GENERAL_WORD_GROUPS: Readonly<Record<string, string>> = {
  'red-apple': 'apple pomme fruit',
  'chocolate-bar': 'chocolate chocolat',
  hibiscus: 'flower fleur',
  bread: 'bread pain bakery boulangerie',
  'pot-of-food': 'food nourriture meal repas dish plat soup soupe cooking cuisine recipe recette',
  'money-bag': 'money argent price prix cash franc fcfa loan pret credit saving epargne cost cout',
  'chart-increasing': 'profit benefice income revenu growth croissance yield rendement sale vente business',
  'mobile-phone': 'phone telephone mobile',
  laptop: 'computer ordinateur internet',
  books: 'book livre lesson lecon training formation',
  school: 'school ecole student eleve',
  hospital: 'hospital hopital clinic clinique',
  stethoscope: 'health sante doctor medecin nurse infirmier',
  pill: 'medicine medicament drug vaccine vaccin',
  house: 'house maison home',
  family: 'family famille',
  child: 'child enfant kid',
  woman: 'woman femme',
  man: 'man homme',
  'people-holding-hands': 'people gens community communaute cooperative group groupe',
  'delivery-truck': 'truck camion transport delivery livraison',
  bicycle: 'bicycle bike velo',
  motorcycle: 'motorbike motorcycle moto',
  automobile: 'car voiture',
  motorway: 'road route',
  fire: 'fire feu bushfire',
  'globe-showing-europe-africa': 'africa afrique cameroon cameroun world monde',
};

/** Irregular plurals the endings rules (prompt-nouns.ts) miss. */
export const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = {
  chevaux: 'cheval',
  oeufs: 'oeuf',
  boeufs: 'boeuf',
  choux: 'chou',
  children: 'child',
  women: 'woman',
  men: 'man',
  mice: 'mouse',
  geese: 'goose',
  oxen: 'ox',
  calves: 'calf',
  feet: 'foot',
  leaves: 'leaf',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
};

function wordMap(groups: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  return new Map(
    Object.entries(groups).flatMap(([icon, words]) =>
      words.split(/\s+/).map((word) => [word, icon] as const),
    ),
  );
}

/** Farm noun → icon name. */
export const FARM_ICON_FOR_WORD = wordMap(FARM_WORD_GROUPS);

/** Everyday noun → icon name. */
export const GENERAL_ICON_FOR_WORD = wordMap(GENERAL_WORD_GROUPS);
