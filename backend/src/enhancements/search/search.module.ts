import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { ChatModule } from '../../chat';
import { UsageModule } from '../../usage';
import { SearchEnginesModule } from './search-engines.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/**
 * POST /api/enhancements/search: the configured web search providers with failover, or Kasa's
 * local index (SearchEnginesModule, shared with research).
 */
@Module({
  imports: [AuthModule, ChatModule, UsageModule, SearchEnginesModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
