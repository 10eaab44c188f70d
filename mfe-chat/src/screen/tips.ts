// Starter tips (docs/product.md#chat-screen: 13 in total, 5 shown at first). Each prompt goes into the
// input followed by a space, so a prompt may end where the user adds their own detail.
// Shared by the welcome panel (screen/) and the shell's chat preview, hence at the root of src.
import type { Language } from '@kasa/ui';

export type TipCategory = 'productivity' | 'analysis' | 'learning' | 'creative';

export interface StarterTip {
  id: string;
  title: string;
  description: string;
  prompt: string;
  category: TipCategory;
  /** 1 (shown first) to 13. */
  priority: number;
}

export const TIPS_SHOWN_FIRST = 5;

interface TipText {
  title: string;
  description: string;
  prompt: string;
}

interface TipSource {
  id: string;
  category: TipCategory;
  priority: number;
  en: TipText;
  fr: TipText;
}

const TIPS: TipSource[] = [
  {
    id: 'maize-calendar',
    category: 'productivity',
    priority: 1,
    en: {
      title: 'Maize planting calendar',
      description: 'When to plant, space and feed maize for your rains.',
      prompt:
        'Make me a maize planting calendar: when to plant with the first rains, spacing, when to weed and when to apply fertilizer. My region and season are:',
    },
    fr: {
      title: 'Calendrier du maïs',
      description: 'Quand semer, espacer et fertiliser le maïs selon vos pluies.',
      prompt:
        "Fais-moi un calendrier de culture du maïs : quand semer avec les premières pluies, les écartements, quand désherber et quand mettre l'engrais. Ma région et ma saison :",
    },
  },
  {
    id: 'fall-armyworm',
    category: 'analysis',
    priority: 2,
    en: {
      title: 'Fall armyworm in maize',
      description: 'Spot it early and control it at low cost.',
      prompt:
        'How do I recognise fall armyworm damage in my maize, and what low-cost ways can I control it (scouting, hand picking, ash or sand in the funnel, safe insecticides)? What I see on my plants:',
    },
    fr: {
      title: 'Chenille légionnaire du maïs',
      description: 'La repérer tôt et la combattre à moindre coût.',
      prompt:
        "Comment reconnaître les dégâts de la chenille légionnaire d'automne sur mon maïs, et comment la combattre à peu de frais (surveillance, ramassage, cendre ou sable dans le cornet, insecticides sans danger) ? Ce que je vois sur mes plants :",
    },
  },
  {
    id: 'market-prices',
    category: 'analysis',
    priority: 3,
    en: {
      title: 'When and where to sell',
      description: 'Compare prices, storage costs and buyers.',
      prompt:
        'Help me decide when and where to sell my harvest: should I sell now or store and sell later, what costs and losses should I count, and how can I find better buyers? My crop, quantity and nearest markets:',
    },
    fr: {
      title: 'Quand et où vendre',
      description: 'Comparer les prix, le coût du stockage et les acheteurs.',
      prompt:
        'Aide-moi à décider quand et où vendre ma récolte : vendre maintenant ou stocker pour vendre plus tard, quels coûts et pertes compter, et comment trouver de meilleurs acheteurs ? Ma culture, la quantité et les marchés proches :',
    },
  },
  {
    id: 'business-plan',
    category: 'productivity',
    priority: 4,
    en: {
      title: 'Write a business plan',
      description: 'A simple plan for a farm or small business.',
      prompt:
        'Write a simple one-page business plan with costs, expected income, risks and first steps for this small business:',
    },
    fr: {
      title: 'Rédiger un plan d’affaires',
      description: 'Un plan simple pour une ferme ou une petite entreprise.',
      prompt:
        "Rédige un plan d'affaires simple d'une page avec les coûts, les revenus attendus, les risques et les premières étapes pour cette petite entreprise :",
    },
  },
  {
    id: 'explain-simply',
    category: 'learning',
    priority: 5,
    en: {
      title: 'Explain it simply',
      description: 'Any idea in plain words, with an everyday example.',
      prompt: 'Explain this in simple words, with an example from everyday life:',
    },
    fr: {
      title: 'Explique simplement',
      description: 'N’importe quelle idée en mots simples, avec un exemple concret.',
      prompt: 'Explique-moi ceci avec des mots simples et un exemple de la vie de tous les jours :',
    },
  },
  {
    id: 'cassava-mosaic',
    category: 'analysis',
    priority: 6,
    en: {
      title: 'Cassava mosaic disease',
      description: 'Signs, clean cuttings and resistant varieties.',
      prompt:
        'My cassava leaves are yellow, twisted and mottled. Is it cassava mosaic disease? How do I confirm it, what should I do with sick plants, and how do I choose clean cuttings and resistant varieties? Details:',
    },
    fr: {
      title: 'Mosaïque du manioc',
      description: 'Symptômes, boutures saines et variétés résistantes.',
      prompt:
        'Les feuilles de mon manioc sont jaunes, déformées et marbrées. Est-ce la mosaïque du manioc ? Comment le confirmer, que faire des plants malades et comment choisir des boutures saines et des variétés résistantes ? Détails :',
    },
  },
  {
    id: 'compost-soil',
    category: 'learning',
    priority: 7,
    en: {
      title: 'Richer soil with compost',
      description: 'Make compost from farm waste, step by step.',
      prompt:
        'How can I make good compost from crop residues, manure and kitchen waste, and how much should I put on my field to improve the soil? My crops and field size:',
    },
    fr: {
      title: 'Un sol plus riche avec le compost',
      description: 'Faire du compost avec les déchets de la ferme, étape par étape.',
      prompt:
        'Comment faire un bon compost avec les résidus de récolte, le fumier et les déchets de cuisine, et combien en mettre dans mon champ pour améliorer le sol ? Mes cultures et la taille du champ :',
    },
  },
  {
    id: 'poultry-vaccination',
    category: 'productivity',
    priority: 8,
    en: {
      title: 'Poultry vaccination schedule',
      description: 'Newcastle, Gumboro and more, week by week.',
      prompt:
        'Give me a week-by-week vaccination and care schedule for my chickens (Newcastle, Gumboro, fowl pox), with tips for keeping vaccines cool. My birds (type, number, age):',
    },
    fr: {
      title: 'Calendrier de vaccination des volailles',
      description: 'Newcastle, Gumboro et autres, semaine par semaine.',
      prompt:
        'Donne-moi un calendrier semaine par semaine de vaccination et de soins pour mes poulets (Newcastle, Gumboro, variole aviaire), avec des conseils pour garder les vaccins au frais. Mes volailles (type, nombre, âge) :',
    },
  },
  {
    id: 'cocoa-coffee-postharvest',
    category: 'learning',
    priority: 9,
    en: {
      title: 'Cocoa and coffee after harvest',
      description: 'Fermenting, drying and storing for a better price.',
      prompt:
        'How should I ferment, dry and store my cocoa or coffee beans to get a better quality grade and price, and avoid mould? My crop and how I do it now:',
    },
    fr: {
      title: 'Cacao et café après la récolte',
      description: 'Fermenter, sécher et stocker pour un meilleur prix.',
      prompt:
        'Comment fermenter, sécher et stocker mes fèves de cacao ou de café pour obtenir une meilleure qualité et un meilleur prix, sans moisissure ? Ma culture et ma façon de faire actuelle :',
    },
  },
  {
    id: 'small-plot-irrigation',
    category: 'productivity',
    priority: 10,
    en: {
      title: 'Watering a small plot',
      description: 'Low-cost irrigation that saves water.',
      prompt:
        'Suggest low-cost ways to water my small plot in the dry season (drip from buckets or bottles, mulching, watering times) and how much water my crops need. My plot size, crops and water source:',
    },
    fr: {
      title: 'Arroser une petite parcelle',
      description: 'Une irrigation bon marché qui économise l’eau.',
      prompt:
        "Propose-moi des moyens peu coûteux d'arroser ma petite parcelle en saison sèche (goutte-à-goutte avec seaux ou bouteilles, paillage, heures d'arrosage) et la quantité d'eau dont mes cultures ont besoin. Taille de la parcelle, cultures et source d'eau :",
    },
  },
  {
    id: 'weather-planning',
    category: 'analysis',
    priority: 11,
    en: {
      title: 'Plan around the weather',
      description: 'Late rains, dry spells and what to do.',
      prompt:
        'The rains are late or uncertain this year. How should I plan planting, crop choice and water saving to reduce my risk? My location and crops:',
    },
    fr: {
      title: 'S’organiser selon la météo',
      description: 'Pluies tardives, sécheresse : que faire.',
      prompt:
        "Les pluies sont en retard ou incertaines cette année. Comment organiser les semis, le choix des cultures et l'économie d'eau pour réduire mes risques ? Ma localité et mes cultures :",
    },
  },
  {
    id: 'draft-letter',
    category: 'creative',
    priority: 12,
    en: {
      title: 'Draft a letter',
      description: 'Clear and polite: a request, a complaint, an application.',
      prompt: 'Draft a short, polite and clear letter for this purpose:',
    },
    fr: {
      title: 'Rédiger une lettre',
      description: 'Claire et polie : une demande, une réclamation, une candidature.',
      prompt: 'Rédige une lettre courte, polie et claire dans ce but :',
    },
  },
  {
    id: 'translate',
    category: 'creative',
    priority: 13,
    en: {
      title: 'Translate a text',
      description: 'Between English, French, Pidgin and more.',
      prompt: 'Translate this text into the language I name, keeping the meaning simple and natural:',
    },
    fr: {
      title: 'Traduire un texte',
      description: 'Entre le français, l’anglais, le pidgin et d’autres langues.',
      prompt: 'Traduis ce texte dans la langue que je précise, en gardant un sens simple et naturel :',
    },
  },
];

/** The 13 tips in the UI language, by priority (1 first). */
export function starterTips(language: Language): StarterTip[] {
  return TIPS.map(({ id, category, priority, ...texts }) => ({
    id,
    category,
    priority,
    ...texts[language],
  })).sort((a, b) => a.priority - b.priority);
}
