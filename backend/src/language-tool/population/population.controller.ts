import { Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Admins, CurrentUser, JwtAuthGuard } from '../../auth';
import { EventStream } from '../../concurrency-limits';
import { KEEP_ALIVE_MS, openEventStream, writeEvent, writeKeepAlive } from '../../common/sse';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn } from '../../docs';
import type { User } from '../../users';
import { populateAdminOnly } from '../language-tool.errors';
import { PopulationService } from './population.service';

/** POST …/populate: the dictionary import, for administrators, streamed as the product's events. */
@ApiTags('language-tool')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/language-tool')
@UseGuards(JwtAuthGuard)
export class PopulationController {
  constructor(
    private readonly population: PopulationService,
    private readonly admins: Admins,
  ) {}

  @Post('populate')
  @EventStream()
  @HttpCode(200)
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      "A text/event-stream of `data: {json}` PopulationEvents: 'start' {total}, one 'progress' per language {language, processed, total, totalInserted, processedLanguages, successfulLanguages, results}, then 'complete' (every result) or 'error' {error, details}. A client that connects while an import runs follows that import (from its start) instead of starting another. The import is idempotent: a re-run inserts 0.",
  })
  @ApiErrorResponse(403, 'The caller is not an administrator (ADMIN_USERNAMES): AUTH_ADMIN_ONLY.')
  @ApiErrorResponse(503, 'The dictionary data (LEXICON_DIR) cannot be read: DICTIONARY_DATA_MISSING.')
  async populate(@CurrentUser() user: User, @Res() response: Response): Promise<void> {
    if (!this.admins.isAdmin(user)) throw populateAdminOnly();
    const run = await this.population.start('admin', user.id);
    const closed = new AbortController();
    response.on('close', () => closed.abort());
    openEventStream(response);
    const keepAlive = setInterval(() => writeKeepAlive(response), KEEP_ALIVE_MS);
    try {
      await this.population.follow(run.id, (event) => writeEvent(response, event), closed.signal);
    } catch (error) {
      writeEvent(response, {
        type: 'error',
        error: 'The import could not be followed',
        details: error instanceof Error ? error.message : String(error),
      });
    } finally {
      clearInterval(keepAlive);
      if (!response.writableEnded) response.end();
    }
  }
}
