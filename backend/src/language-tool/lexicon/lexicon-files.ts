import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DictionarySourceKind } from '@kasa/contracts';
import { parse } from 'csv-parse/sync';
import { countryNames } from './country-names';
import { foldKey, glossKey } from './fold';
import { partOfSpeechOf } from './part-of-speech';
import { isTranscriptionCode } from './transcription-code';

export const LEXICON_FILES = ['lexemes.csv', 'languages.csv', 'languages_picker.csv'] as const;

/**
 * Which forms are read (transcription-code.ts). Part of the data's version: when the rule
 * changes, the next start re-imports and removes the forms it no longer keeps.
 */
const READING_RULES = 'transcription codes left out: 1';

/** A language of languages.csv (Glottolog 5.1 metadata). */
export interface LexiconLanguage {
  code: string;
  glottocode: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes. */
  countryCodes: string[];
  /** Their English names, comma-separated. */
  country: string;
  family: string;
  lexemeCount: number;
}

/** One form of lexemes.csv, with the keys and part of speech the dictionary stores. */
export interface LexiconForm {
  form: string;
  formKey: string;
  gloss: string;
  glossKey: string;
  source: string;
  sourceKind: DictionarySourceKind;
  partOfSpeech: string | null;
}

/** The forms of one language, and a hash of them (a language whose hash did not change is up to date). */
export interface LexiconLanguageForms {
  code: string;
  name: string;
  forms: LexiconForm[];
  version: string;
}

export interface LexiconData {
  dir: string;
  /** SHA-256 over the three files and the reading rules: changes when any of them does. */
  version: string;
  /** Every language of languages.csv, by code. */
  languages: ReadonlyMap<string, LexiconLanguage>;
  /** The picker's languages, in the file's order. */
  picker: readonly LexiconLanguage[];
  /** The forms, per language, ordered by language code. */
  forms: readonly LexiconLanguageForms[];
  totalForms: number;
}

export class LexiconDataError extends Error {
  override name = 'LexiconDataError';
}

const SOURCE_KINDS: readonly DictionarySourceKind[] = ['numerals', 'polyglottaafricana', 'asjp-v12'];

function readCsv(dir: string, file: string): Record<string, string>[] {
  const path = join(dir, file);
  let text: string;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    text = readFileSync(path, 'utf8');
  } catch {
    throw new LexiconDataError(
      `The dictionary data is missing: ${path} cannot be read. Set LEXICON_DIR to a folder with ${LEXICON_FILES.join(', ')}.`,
    );
  }
  try {
    return parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  } catch (error) {
    throw new LexiconDataError(`${path} is not valid CSV: ${(error as Error).message}`);
  }
}

function languageOf(row: Record<string, string>): LexiconLanguage {
  const countryCodes = (row.country ?? '').split(';').filter(Boolean);
  return {
    code: row.iso,
    glottocode: row.glottocode,
    name: row.name,
    countryCodes,
    country: countryNames(countryCodes),
    family: row.family ?? '',
    lexemeCount: Number(row.lexeme_count ?? 0),
  };
}

function sourceKindOf(source: string, path: string): DictionarySourceKind {
  const kind = source.slice(0, source.indexOf(':')) as DictionarySourceKind;
  if (!SOURCE_KINDS.includes(kind))
    throw new LexiconDataError(
      `${path}: unknown source_dataset '${source}' (expected ${SOURCE_KINDS.join(':, ')}:)`,
    );
  return kind;
}

/** Reads and checks the lexicon folder (LEXICON_DIR). Throws LexiconDataError with what to fix. */
export function readLexicon(dir: string): LexiconData {
  const hash = createHash('sha256').update(READING_RULES);
  for (const file of LEXICON_FILES) {
    try {
      hash.update(readFileSync(join(dir, file)));
    } catch {
      /* reported by readCsv with the folder to fix */
    }
  }
  const languageRows = readCsv(dir, 'languages.csv');
  const pickerRows = readCsv(dir, 'languages_picker.csv');
  const lexemeRows = readCsv(dir, 'lexemes.csv');

  const languages = new Map(languageRows.map((row) => [row.iso, languageOf(row)]));
  const picker = pickerRows.map(languageOf);

  const byLanguage = new Map<string, { name: string; forms: LexiconForm[] }>();
  const lexemesPath = join(dir, 'lexemes.csv');
  for (const row of lexemeRows) {
    const code = row.language_iso?.trim();
    const form = row.form?.trim();
    const gloss = row.gloss_en?.trim();
    const source = row.source_dataset?.trim();
    if (!code || !form || !gloss || !source) continue;
    const sourceKind = sourceKindOf(source, lexemesPath);
    let entry = byLanguage.get(code);
    if (!entry) {
      entry = { name: row.language_name || languages.get(code)?.name || code, forms: [] };
      byLanguage.set(code, entry);
    }
    // The language stays listed even when every form is a code, so an import removes its old ones.
    if (isTranscriptionCode(form, sourceKind)) continue;
    entry.forms.push({
      form,
      formKey: foldKey(form),
      gloss,
      glossKey: glossKey(gloss),
      source,
      sourceKind,
      partOfSpeech: partOfSpeechOf(sourceKind, gloss),
    });
  }

  const forms = [...byLanguage.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, { name, forms: list }]) => {
      const languageHash = createHash('sha256');
      for (const item of list) languageHash.update(`${item.form}\t${item.gloss}\t${item.source}\n`);
      return { code, name, forms: list, version: languageHash.digest('hex') };
    });

  return {
    dir,
    version: hash.digest('hex'),
    languages,
    picker,
    forms,
    totalForms: forms.reduce((sum, language) => sum + language.forms.length, 0),
  };
}
