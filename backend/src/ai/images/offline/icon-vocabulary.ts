/**
 * Words of a prompt (English and French, lower case, without accents, singular) mapped to the
 * Noto emoji icon that draws them. Farming comes first: Kasa's users grow, raise and sell food.
 * Words missing here still match an icon of the same name ('lion', 'guitar'); a test checks that
 * every icon named here exists in the bundled set.
 */
export const ICON_WORD_GROUPS: Readonly<Record<string, string>> = {
  // Crops. Cassava has no icon: the potato is the nearest root.
  potato: 'cassava manioc yuca tapioca gari potato patate tuber tubercule root racine',
  'roasted-sweet-potato': 'yam igname',
  'ear-of-corn': 'maize corn mais',
  'sheaf-of-rice':
    'rice riz wheat ble grain cereal cereale millet mil sorghum sorgho harvest recolte moisson crop culture',
  banana: 'banana banane plantain',
  tomato: 'tomato tomate',
  onion: 'onion oignon',
  garlic: 'garlic ail',
  'hot-pepper': 'pepper piment chili',
  'bell-pepper': 'poivron',
  peanuts: 'peanut groundnut arachide cacahuete',
  beans: 'bean haricot cowpea niebe soy soja',
  'hot-beverage': 'coffee cafe tea',
  'chocolate-bar': 'cocoa cacao chocolate chocolat',
  coconut: 'coconut coco',
  mango: 'mango mangue',
  pineapple: 'pineapple ananas',
  avocado: 'avocado avocat',
  tangerine: 'orange citrus agrume mandarine',
  lemon: 'lemon citron',
  'red-apple': 'apple pomme fruit',
  watermelon: 'watermelon pasteque',
  carrot: 'carrot carotte',
  cucumber: 'cucumber concombre',
  'leafy-green': 'cabbage chou lettuce salade spinach epinard vegetable legume leaf feuille okra gombo',
  seedling:
    'seed graine semence sow semer seedling plantule sprout pousse plant nursery pepiniere field champ garden jardin',
  'deciduous-tree': 'tree arbre forest foret wood bois agroforestry agroforesterie',
  'palm-tree': 'palm palmier',
  sunflower: 'sunflower tournesol',
  hibiscus: 'flower fleur',
  'potted-plant': 'soil sol terre compost fertilizer engrais manure fumier',
  farmer: 'farmer agriculteur agricultrice paysan paysanne cultivateur cultivatrice farming agriculture',
  tractor: 'tractor tracteur machine mechanisation',
  'hammer-and-wrench': 'tool outil hoe houe daba equipment equipement repair reparation',
  // Weather and water.
  droplet: 'water eau irrigation irriguer well puits',
  'cloud-with-rain': 'rain pluie rainy pluvieux',
  sun: 'sun soleil sunny ensoleille drought secheresse heat chaleur',
  cloud: 'cloud nuage',
  'sun-behind-rain-cloud': 'weather meteo climate climat forecast prevision',
  'water-wave': 'river riviere fleuve lake lac sea mer ocean flood inondation',
  mountain: 'mountain montagne hill colline',
  sunset: 'sunset sunrise evening soir',
  'night-with-stars': 'night nuit',
  // Animals.
  chicken: 'chicken poulet poule hen poultry volaille aviculture',
  rooster: 'rooster coq',
  'baby-chick': 'chick poussin',
  egg: 'egg oeuf',
  cow: 'cow vache cattle betail bovin beef boeuf bull taureau livestock elevage',
  goat: 'goat chevre cabri',
  ewe: 'sheep mouton brebis lamb agneau',
  pig: 'pig porc cochon pork',
  fish: 'fish poisson fishing peche pisciculture aquaculture',
  honeybee: 'bee abeille honey miel beekeeping apiculture',
  rabbit: 'rabbit lapin',
  duck: 'duck canard',
  horse: 'horse cheval chevaux',
  donkey: 'donkey ane',
  cricket: 'insect insecte pest ravageur locust criquet grasshopper sauterelle',
  bug: 'worm ver caterpillar chenille',
  mosquito: 'mosquito moustique malaria paludisme',
  bird: 'bird oiseau',
  // Food, money and daily life.
  'glass-of-milk': 'milk lait dairy laitier',
  bread: 'bread pain bakery boulangerie',
  'pot-of-food': 'food nourriture meal repas dish plat soup soupe cooking cuisine recipe recette',
  basket: 'basket panier',
  package: 'storage stockage stock granary grenier silo package colis',
  'shopping-cart': 'market marche shop boutique buy acheter customer client',
  'money-bag':
    'money argent price prix cash franc fcfa loan pret credit saving epargne sell vendre cost cout',
  'chart-increasing': 'profit benefice income revenu growth croissance yield rendement sale vente business',
  'mobile-phone': 'phone telephone mobile',
  laptop: 'computer ordinateur internet',
  books: 'book livre learn apprendre lesson lecon training formation',
  school: 'school ecole student eleve',
  hospital: 'hospital hopital clinic clinique',
  stethoscope: 'health sante doctor medecin nurse infirmier',
  pill: 'medicine medicament drug vaccine vaccin',
  house: 'house maison home village',
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

/** Irregular plurals the trailing-s rule misses. */
export const IRREGULAR_SINGULARS: Record<string, string> = {
  chevaux: 'cheval',
  oeufs: 'oeuf',
  choux: 'chou',
  animaux: 'animal',
  children: 'child',
  women: 'woman',
  men: 'man',
  mice: 'mouse',
  geese: 'goose',
  cattle: 'cattle',
  feet: 'foot',
  leaves: 'leaf',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
};

/** The icon drawn when no word of the prompt matches: a picture frame, "an illustration". */
export const DEFAULT_ICON = 'framed-picture';

/** word → icon name. */
export const ICON_FOR_WORD: ReadonlyMap<string, string> = new Map(
  Object.entries(ICON_WORD_GROUPS).flatMap(([icon, words]) =>
    words.split(/\s+/).map((word) => [word, icon] as const),
  ),
);
