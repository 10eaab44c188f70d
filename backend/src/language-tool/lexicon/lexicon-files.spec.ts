import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldKey, glossKey } from './fold';
import { LexiconDataError, readLexicon } from './lexicon-files';
import { partOfSpeechOf } from './part-of-speech';
import { isTranscriptionCode } from './transcription-code';

const LANGUAGES_HEADER = 'iso,glottocode,name,country,family,latitude,longitude,lexeme_count';

function lexiconDir(lexemes: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'kasa-lexicon-'));
  const languages = [LANGUAGES_HEADER, 'bbk,baba1266,Babanki,CM,Atlantic-Congo,5.9,10.2,3'].join('\n');
  writeFileSync(join(dir, 'languages.csv'), languages);
  writeFileSync(join(dir, 'languages_picker.csv'), languages);
  writeFileSync(
    join(dir, 'lexemes.csv'),
    ['language_iso,language_name,gloss_en,form,source_dataset', ...lexemes].join('\n'),
  );
  return dir;
}

describe('foldKey / glossKey', () => {
  it('drops tone marks, dots below, macrons, Koelle middle dots and case, keeps distinct letters', () => {
    expect(foldKey('mùʔ')).toBe('muʔ');
    expect(foldKey('Ọ̀nị̀chà')).toBe('onicha');
    expect(foldKey('ā́·e')).toBe('ae');
    expect(foldKey('ŋkɨ  ɛ')).toBe('ŋkɨ ɛ');
  });

  it('keys an English gloss without its parenthesis', () => {
    expect(glossKey('one (1)')).toBe('one');
    expect(glossKey('Heaven (sky)')).toBe('heaven');
    expect(glossKey('Father (My Father, Thy Father)')).toBe('father');
    expect(glossKey('(1)')).toBe('(1)');
  });
});

describe('partOfSpeechOf', () => {
  it('states only what the data says', () => {
    expect(partOfSpeechOf('numerals', 'one (1)')).toBe('numeral');
    expect(partOfSpeechOf('asjp-v12', 'drink')).toBe('verb');
    expect(partOfSpeechOf('asjp-v12', 'water')).toBe('noun');
    expect(partOfSpeechOf('asjp-v12', 'we')).toBe('pronoun');
    expect(partOfSpeechOf('polyglottaafricana', 'Drum')).toBeNull();
  });
});

describe('readLexicon', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('parses quoted fields, groups forms by language and versions each language', () => {
    const dir = lexiconDir([
      'bbk,Babanki,water,mu,asjp-v12:BABANKI',
      'bbk,Babanki,one (1),mùʔ,numerals:baba1266-1',
      'bbk,Babanki,"Bench, Chair",ẹ̄́ṣẹ,polyglottaafricana:x',
    ]);
    dirs.push(dir);
    const data = readLexicon(dir);
    expect(data.totalForms).toBe(3);
    expect(data.forms).toHaveLength(1);
    expect(data.forms[0].forms[2]).toMatchObject({ gloss: 'Bench, Chair', sourceKind: 'polyglottaafricana' });
    expect(data.languages.get('bbk')).toMatchObject({
      name: 'Babanki',
      country: 'Cameroon',
      countryCodes: ['CM'],
    });
    expect(data.version).toMatch(/^[0-9a-f]{64}$/);

    const changed = lexiconDir(['bbk,Babanki,water,mu,asjp-v12:BABANKI']);
    dirs.push(changed);
    const other = readLexicon(changed);
    expect(other.version).not.toBe(data.version);
    expect(other.forms[0].version).not.toBe(data.forms[0].version);
  });

  it('leaves out transcription codes, keeping the language listed even when all its forms are codes', () => {
    const dir = lexiconDir([
      'bbk,Babanki,sun,3T3Z3,asjp-v12:BABANKI',
      'bbk,Babanki,water,mu,asjp-v12:BABANKI',
      'ncr,Ncane,six (6),bu3so23,numerals:ncan1245-5',
    ]);
    dirs.push(dir);
    const data = readLexicon(dir);
    expect(data.forms.map((language) => [language.code, language.forms.map((form) => form.form)])).toEqual([
      ['bbk', ['mu']],
      ['ncr', []],
    ]);
    expect(data.totalForms).toBe(1);
  });

  it("reads the project's data without a code form, keeping Hausa's ruwa and lū́a", () => {
    const data = readLexicon(join(__dirname, '../../../../data/lexicon'));
    const forms = data.forms.flatMap((language) => language.forms);
    expect(forms.some((form) => isTranscriptionCode(form.form, form.sourceKind))).toBe(false);
    expect(forms.some((form) => form.form === '3T3Z3')).toBe(false);
    // 60,189 rows, of which 7,922 are codes (transcription-code.ts).
    expect(data.totalForms).toBe(60_189 - 7_922);
    const hausa = data.forms.find((language) => language.code === 'hau')!.forms;
    expect(hausa.filter((form) => form.glossKey === 'water').map((form) => form.form)).toEqual(
      expect.arrayContaining(['ruwa', 'lū́a']),
    );
  });

  it('names LEXICON_DIR when the folder is missing', () => {
    expect(() => readLexicon('/nonexistent/lexicon')).toThrow(LexiconDataError);
    expect(() => readLexicon('/nonexistent/lexicon')).toThrow(/LEXICON_DIR/);
  });

  it('refuses a source it does not know', () => {
    const dir = lexiconDir(['bbk,Babanki,water,mu,wiktionary:x']);
    dirs.push(dir);
    expect(() => readLexicon(dir)).toThrow(/unknown source_dataset 'wiktionary:x'/);
  });
});
