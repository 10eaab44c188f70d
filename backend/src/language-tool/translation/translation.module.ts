import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { DictionaryModule } from '../dictionary/dictionary.module';
import { LanguagesModule } from '../languages/languages.module';
import { PopulationModule } from '../population/population.module';
import { TranslationController } from './translation.controller';
import { TranslationService } from './translation.service';

/** POST …/translate. */
@Module({
  imports: [AuthModule, LanguagesModule, PopulationModule, DictionaryModule],
  controllers: [TranslationController],
  providers: [TranslationService],
})
export class TranslationModule {}
