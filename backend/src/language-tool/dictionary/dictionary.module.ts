import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { LanguagesModule } from '../languages/languages.module';
import { PopulationModule } from '../population/population.module';
import { AudioLinks } from './audio-links';
import { DictionaryAudioController, DictionaryController } from './dictionary.controller';
import { DictionaryService } from './dictionary.service';
import { DictionaryStoreModule } from './dictionary-store.module';

/** GET …/define, …/entries, …/stats and the entries' signed audio links. */
@Module({
  imports: [AuthModule, LanguagesModule, PopulationModule, DictionaryStoreModule],
  controllers: [DictionaryController, DictionaryAudioController],
  providers: [DictionaryService, AudioLinks],
  exports: [DictionaryService, DictionaryStoreModule],
})
export class DictionaryModule {}
