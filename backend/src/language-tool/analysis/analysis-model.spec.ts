import { parseAnalysisAnswer } from './analysis-model';
import { describeToneMarks } from './pronunciation';

const resolve = (language: string) =>
  ({ eng: 'eng', english: 'eng', babanki: 'bbk', bbk: 'bbk' })[language.toLowerCase()];

describe('parseAnalysisAnswer', () => {
  it('reads the object inside code fences and text, resolving language names', () => {
    const parsed = parseAnalysisAnswer(
      'Here it is:\n```json\n{"translations":[{"language":"Babanki","translation":" mu ","confidence":"0.7","reasoning":"ASJP"},' +
        '{"language":"bbk","translation":"again"},{"language":"Martian","translation":"x"},{"language":"eng","translation":""}],' +
        '"culturalContext":"  Water is shared. ","verified":["Mù",3]}\n```',
      resolve,
    );
    expect(parsed).toEqual({
      translations: [{ language: 'bbk', translation: 'mu', confidence: 0.7, reasoning: 'ASJP' }],
      culturalContext: 'Water is shared.',
      verified: new Set(['mu']),
    });
  });

  it('clamps confidences and defaults what is missing', () => {
    const parsed = parseAnalysisAnswer(
      '{"translations":[{"language":"eng","translation":"water","confidence":7}]}',
      resolve,
    );
    expect(parsed).toEqual({
      translations: [{ language: 'eng', translation: 'water', confidence: 1, reasoning: '' }],
      culturalContext: null,
      verified: new Set(),
    });
  });

  it('answers undefined when there is no JSON object', () => {
    expect(parseAnalysisAnswer('Sorry, I cannot help.', resolve)).toBeUndefined();
    expect(parseAnalysisAnswer('{"translations": [', resolve)).toBeUndefined();
    expect(parseAnalysisAnswer('[1, 2]', resolve)).toBeUndefined();
  });
});

describe('describeToneMarks', () => {
  it('counts the tone marks of the text, decomposed', () => {
    expect(describeToneMarks('mɔ́ʔɔ̂ bâ tárə̂ kwà ǹkām')).toBe(
      'Tone marks: 2 high (acute), 2 low (grave), 1 mid (macron), 3 falling (circumflex)',
    );
    expect(describeToneMarks('water')).toBeNull();
  });
});
