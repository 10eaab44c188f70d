import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type LexiconData, readLexicon } from './lexicon-files';

/**
 * The lexicon files of LEXICON_DIR, read once per process (about 60,000 forms, a few hundred
 * milliseconds) and kept: the importer, the language list and the gazetteer all read them.
 */
@Injectable()
export class LexiconService {
  private data?: LexiconData;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Throws LexiconDataError naming LEXICON_DIR when the folder is missing or broken. */
  get(): LexiconData {
    this.data ??= readLexicon(this.config.lexicon.dir);
    return this.data;
  }
}
