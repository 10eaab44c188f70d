import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { DictionaryKnowledgeSource } from './dictionary-knowledge.source';
import { DictionaryRepository } from './dictionary.repository';

/**
 * The dictionary's look-ups and the 'dictionary' knowledge source, in a module of their own so a
 * process without the HTTP routes (the worker's offline research) can import them, and the source
 * is one instance that registers once when API and worker share a process.
 */
@Module({
  imports: [AiModule],
  providers: [DictionaryRepository, DictionaryKnowledgeSource],
  exports: [DictionaryRepository],
})
export class DictionaryStoreModule {}
