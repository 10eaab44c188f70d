import { IconSet } from './icon-set';
import {
  FARM_ICON_FOR_WORD,
  FARM_PHRASES,
  FARM_WORD_GROUPS,
  FARM_WORDS_WITHOUT_ICON,
  GENERAL_ICON_FOR_WORD,
  GENERAL_WORD_GROUPS,
} from './icon-vocabulary';
import { chooseIcons, MAX_ICONS } from './prompt-icons';

describe('chooseIcons', () => {
  const icons = IconSet.load();
  const isIcon = (name: string) => icons.has(name);
  const choose = (prompt: string) => chooseIcons(prompt, isIcon);

  it('only names icons the bundled set has', () => {
    const named = [
      ...FARM_ICON_FOR_WORD.values(),
      ...GENERAL_ICON_FOR_WORD.values(),
      ...Object.values(FARM_PHRASES).filter((icon): icon is string => icon !== null),
    ];
    expect([...new Set(named)].filter((name) => !icons.has(name))).toEqual([]);
  });

  it('lists each word under one icon only, across both vocabularies', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    const groups = [
      ...Object.entries(FARM_WORD_GROUPS),
      ...Object.entries(GENERAL_WORD_GROUPS),
      ['(no icon)', FARM_WORDS_WITHOUT_ICON.join(' ')] as const,
    ];
    for (const [icon, words] of groups) {
      for (const word of words.split(/\s+/)) {
        if (seen.has(word)) clashes.push(`${word}: ${seen.get(word)} and ${icon}`);
        seen.set(word, icon);
      }
    }
    expect(clashes).toEqual([]);
  });

  describe('the misses it used to draw', () => {
    it('never draws cocoa pods as a chocolate bar: nothing draws a pod, so nothing is drawn', () => {
      expect(choose('cocoa pods')).toEqual([]);
      expect(choose('Des cabosses de cacao')).toEqual([]);
    });

    it('draws a river as the river landscape, not the sea wave', () => {
      expect(choose('a river')).toEqual(['national-park']);
      expect(choose('La rivière près du village')).toEqual(['national-park', 'hut']);
    });

    it('draws a sunset as the sun on the horizon, not the city skyline', () => {
      expect(choose('sunset')).toEqual(['sunrise']);
      expect(choose('Un coucher de soleil sur le champ')).toEqual(['sunrise', 'seedling']);
    });
  });

  it.each([
    ['Draw a goat in the rain', ['goat', 'cloud-with-rain']],
    ['une chèvre sous la pluie', ['goat', 'cloud-with-rain']],
    ['plants de cacao', ['seedling']],
    ['Picture of cocoa beans drying in the sun', ['beans', 'sun']],
    ['Make an image of healthy maize and cassava', ['ear-of-corn', 'potato']],
    ['Dessine-moi des poules et du maïs au soleil', ['chicken', 'ear-of-corn', 'sun']],
    ['A farmer with a hoe and a watering can', ['farmer']],
    ['Un tracteur dans un champ de riz', ['tractor', 'seedling', 'sheaf-of-rice']],
    ['Cows and sheep near the river at sunset', ['cow', 'ewe', 'national-park', 'sunrise']],
    ['Les bœufs et les veaux', ['ox', 'cow']],
    ['Plantain bananas and yams at the market', ['banana', 'roasted-sweet-potato', 'shopping-cart']],
    ['Récolte de manioc pendant la sécheresse', ['sheaf-of-rice', 'potato', 'leafless-tree']],
    ['Un palmier à huile et des arachides', ['palm-tree', 'peanuts']],
    ['Bees, honey and a bucket', ['honeybee', 'honey-pot', 'bucket']],
    ['Tilapia fish pond in the rainy season', ['fish', 'cloud-with-rain', 'sun-behind-rain-cloud']],
    ['Escargots et lapins', ['snail', 'rabbit']],
    ['pommes de terre et oignons', ['potato', 'onion']],
    // The examples the apps show under a refused prompt (libs/ui IllustrationVocabularyHint).
    ['goats in the rain', ['goat', 'cloud-with-rain']],
    ['a maize field at sunset', ['ear-of-corn', 'seedling', 'sunrise']],
    ['a farmer with a tractor', ['farmer', 'tractor']],
    ['des chèvres sous la pluie', ['goat', 'cloud-with-rain']],
    ['un champ de maïs au coucher du soleil', ['seedling', 'ear-of-corn', 'sunrise']],
    ['un agriculteur avec un tracteur', ['farmer', 'tractor']],
  ])('draws %p as %p', (prompt, expected) => {
    expect(choose(prompt)).toEqual(expected);
  });

  it('puts farm words before everyday words, whatever their order in the prompt', () => {
    expect(choose('Money from selling tomatoes')).toEqual(['tomato', 'money-bag']);
    expect(choose('Une femme et sa chèvre')).toEqual(['goat', 'woman']);
  });

  it('falls back to an icon named like a noun outside the vocabularies', () => {
    expect(choose('a lion')).toEqual(['lion']);
    expect(choose('A guitar and a goat')).toEqual(['goat', 'guitar']);
  });

  it('draws nothing for a prompt with no noun it can draw faithfully', () => {
    expect(choose('quelque chose de très abstrait')).toEqual([]);
    expect(choose('Draw a beautiful picture of happiness')).toEqual([]);
    expect(choose('a wheelbarrow and a machete')).toEqual([]);
    expect(choose('')).toEqual([]);
  });

  it('does not take the request, adjectives or icons of symbols for things to draw', () => {
    // "picture" would be the framed picture, "star" and "eye" a symbol, "red" nothing at all.
    expect(choose('Make a picture: red star, eye')).toEqual([]);
    expect(choose('Watch the fly')).toEqual([]);
  });

  it('keeps at most four distinct icons, in the order of the words', () => {
    const chosen = choose('cow cow goat pig fish bee tractor');
    expect(chosen).toEqual(['cow', 'goat', 'pig', 'fish']);
    expect(chosen).toHaveLength(MAX_ICONS);
  });
});
