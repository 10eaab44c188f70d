import type { LexiconLanguage } from '../lexicon/lexicon-files';
import { buildGazetteer, findNamedEntities } from './named-entities';

const language = (code: string, name: string, countryCodes: string[], country: string): LexiconLanguage => ({
  code,
  glottocode: `${code}0000`,
  name,
  countryCodes,
  country,
  family: 'Atlantic-Congo',
  lexemeCount: 1,
});

const gazetteer = buildGazetteer([
  language('bbk', 'Babanki', ['CM'], 'Cameroon'),
  language('ibo', 'Igbo', ['NG'], 'Nigeria'),
  language('xyz', 'The', ['CM'], 'Cameroon'),
]);
const entities = (text: string) =>
  findNamedEntities(text, gazetteer, 'eng').map(({ text: name, type }) => `${type}:${name}`);

describe('buildGazetteer', () => {
  it('names countries in English and French, the capitals, and the languages with where they are spoken', () => {
    expect(gazetteer.get('cameroon')).toEqual({ type: 'PLACE', description: 'Country (Cameroon)' });
    expect(gazetteer.get('cameroun')).toEqual({ type: 'PLACE', description: 'Country (Cameroon)' });
    // Every African country, not only those of the data.
    expect(gazetteer.get('kenya')).toEqual({ type: 'PLACE', description: 'Country (Kenya)' });
    expect(gazetteer.get('yaounde')).toEqual({ type: 'PLACE', description: 'Capital of Cameroon' });
    expect(gazetteer.get('bamenda')?.description).toBe('City in Cameroon, capital of the North-West Region');
    expect(gazetteer.get('babanki')).toEqual({
      type: 'LANGUAGE',
      description: 'Language of Cameroon, Atlantic-Congo family',
    });
  });

  it('leaves out a language name that is a function word', () => {
    expect(gazetteer.get('the')).toBeUndefined();
  });
});

describe('findNamedEntities', () => {
  it('finds places of the gazetteer and capitalised names inside sentences', () => {
    const found = findNamedEntities('Je vais au marché de Bamenda avec Marie demain.', gazetteer, 'fra');
    expect(found).toEqual([
      {
        text: 'Bamenda',
        type: 'PLACE',
        language: 'fra',
        description: 'City in Cameroon, capital of the North-West Region',
      },
      { text: 'Marie', type: 'OTHER', language: 'fra', description: 'Capitalised name not in the gazetteer' },
    ]);
  });

  it('matches multi-word and French country names', () => {
    expect(entities("She lives in Côte d'Ivoire and in the Central African Republic.")).toEqual([
      "PLACE:Côte d'Ivoire",
      'PLACE:Central African Republic',
    ]);
    expect(entities('Il travaille au Cameroun.')).toEqual(['PLACE:Cameroun']);
  });

  it('finds languages, also at the start of a sentence', () => {
    expect(entities('Igbo is spoken in Nigeria. I teach Babanki.')).toEqual([
      'LANGUAGE:Igbo',
      'PLACE:Nigeria',
      'LANGUAGE:Babanki',
    ]);
  });

  it('tells organisations by their words, with the small words inside the name', () => {
    expect(entities('She studied at the University of Buea and works for Banque du Cameroun.')).toEqual([
      'ORGANIZATION:University of Buea',
      'ORGANIZATION:Banque du Cameroun',
    ]);
    expect(entities('The Ministère de la Santé paid Kasa Group Ltd.')).toEqual([
      'ORGANIZATION:Ministère de la Santé',
      'ORGANIZATION:Kasa Group Ltd',
    ]);
  });

  it('finds people after a title or as two capitalised words', () => {
    expect(entities('Yesterday Dr. Ngwa met Mme Tabi and Pa Fon. Then John Mbah came.')).toEqual([
      'PERSON:Ngwa',
      'PERSON:Tabi',
      'PERSON:Fon',
      'PERSON:John Mbah',
    ]);
    expect(entities('M. Tabi est venu.')).toEqual(['PERSON:Tabi']);
  });

  it('does not take a capitalised first word of a sentence for a name', () => {
    expect(entities('Tomorrow we sell maize. Prices are good.')).toEqual([]);
    expect(entities('The market opens early.')).toEqual([]);
  });

  it('splits a span around a gazetteer name', () => {
    expect(entities('We met Marie Ngwa Yaoundé yesterday.')).toEqual(['PERSON:Marie Ngwa', 'PLACE:Yaoundé']);
  });
});
