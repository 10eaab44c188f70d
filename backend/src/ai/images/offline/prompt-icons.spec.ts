import { IconSet } from './icon-set';
import { DEFAULT_ICON, ICON_FOR_WORD, ICON_WORD_GROUPS } from './icon-vocabulary';
import { chooseIcons, MAX_ICONS, promptWords } from './prompt-icons';

describe('chooseIcons', () => {
  const icons = IconSet.load();
  const isIcon = (name: string) => icons.has(name);

  it('only names icons the bundled set has', () => {
    const missing = [...new Set([...ICON_FOR_WORD.values(), DEFAULT_ICON])].filter(
      (name) => !icons.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('lists each word under one icon only', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [icon, words] of Object.entries(ICON_WORD_GROUPS)) {
      for (const word of words.split(/\s+/)) {
        if (seen.has(word)) clashes.push(`${word}: ${seen.get(word)} and ${icon}`);
        seen.set(word, icon);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('draws different crops and animals for different prompts', () => {
    expect(chooseIcons('A field of cassava', isIcon)).toContain('potato');
    expect(chooseIcons('Maize ready for harvest', isIcon)[0]).toBe('ear-of-corn');
    expect(chooseIcons('Healthy chickens', isIcon)).toEqual(['chicken']);
    expect(chooseIcons('a happy cow', isIcon)).toEqual(['cow']);
  });

  it('understands French words, accents and plurals included', () => {
    expect(chooseIcons('Des poules et du maïs au soleil', isIcon)).toEqual(['chicken', 'ear-of-corn', 'sun']);
    expect(chooseIcons('Récolte de manioc', isIcon)).toEqual(['sheaf-of-rice', 'potato']);
    expect(chooseIcons('Les chevaux et les œufs', isIcon)).toEqual(['horse', 'egg']);
  });

  it('falls back to an icon named like the word, and to a picture frame when nothing matches', () => {
    expect(chooseIcons('a lion', isIcon)).toEqual(['lion']);
    expect(chooseIcons('quelque chose de très abstrait', isIcon)).toEqual([DEFAULT_ICON]);
    expect(chooseIcons('', isIcon)).toEqual([DEFAULT_ICON]);
  });

  it('keeps at most four distinct icons, in the order of the words', () => {
    const chosen = chooseIcons('cow cow goat pig fish bee tractor', isIcon);
    expect(chosen).toEqual(['cow', 'goat', 'pig', 'fish']);
    expect(chosen).toHaveLength(MAX_ICONS);
  });

  it('splits words on punctuation and drops accents', () => {
    expect(promptWords("L'ananas, la pastèque!")).toEqual(['ananas', 'la', 'pasteque']);
  });
});
