import { Module } from '@nestjs/common';
import { LexiconService } from './lexicon.service';

/** The lexicon files (LEXICON_DIR), shared by the API's language tool and the import job. */
@Module({ providers: [LexiconService], exports: [LexiconService] })
export class LexiconModule {}
