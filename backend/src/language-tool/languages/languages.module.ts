import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { LexiconModule } from '../lexicon/lexicon.module';
import { LanguageCatalog } from './language-catalog';
import { LanguagesController } from './languages.controller';

/** GET …/languages and the LanguageCatalog every other part resolves language codes and names with. */
@Module({
  imports: [AuthModule, LexiconModule],
  controllers: [LanguagesController],
  providers: [LanguageCatalog],
  exports: [LanguageCatalog],
})
export class LanguagesModule {}
