import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { ChatModule } from '../../chat';
import { LexiconModule } from '../lexicon/lexicon.module';
import { PopulationModule } from '../population/population.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisRepository } from './analysis.repository';
import { AnalysisService } from './analysis.service';

/**
 * POST /api/enhancements/language-tool/analyze: identification, dictionary matches, named
 * entities, pronunciation, and translations with a chat model (CHAT_MODEL, from the global AiModule).
 */
@Module({
  imports: [AuthModule, ChatModule, LexiconModule, PopulationModule],
  controllers: [AnalysisController],
  providers: [AnalysisService, AnalysisRepository],
})
export class AnalysisModule {}
