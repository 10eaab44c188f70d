import { Controller, Get, Header, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SharedConversation } from '@kasa/contracts';
import { ApiErrorResponse, ApiOtherErrors, ApiValidationFailed } from '../../docs';
import { ShareParams, SharedMediaParams } from './dto/shares.dto';
import { SharedConversationDoc } from './dto/shares.responses';
import { SharesService } from './shares.service';

const NOT_FOUND = 'SHARE_NOT_FOUND: no such link, or it was revoked.';

/**
 * What a shared link shows, to anyone who has it: public, no account (the unguessable id is the
 * permission). Never indexed, never kept by a cache beyond a revoke.
 */
@ApiTags('sharing')
@ApiOtherErrors()
@Controller('shares')
export class SharedConversationsController {
  constructor(private readonly shares: SharesService) {}

  @Get(':id')
  @Header('X-Robots-Tag', 'noindex')
  // A revoke must hide the conversation at once: no browser or proxy keeps a copy.
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    type: SharedConversationDoc,
    description: 'Sent with X-Robots-Tag: noindex and no-store.',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, NOT_FOUND)
  read(@Param() params: ShareParams): Promise<SharedConversation> {
    return this.shares.read(params.id);
  }

  @Get(':id/media/:n')
  @ApiProduces('image/*', 'audio/*')
  @ApiOkResponse({
    description:
      "The link's n-th file (an image or a recording, the paths SharedMessage carries), with its stored Content-Type, nosniff, noindex; cached privately for 5 minutes.",
    schema: { type: 'string', format: 'binary' },
  })
  @ApiResponse({
    status: 206,
    description:
      'The one byte range a `Range: bytes=…` header asked for (audio seeking), with Content-Range.',
  })
  @ApiErrorResponse(416, 'FILES_RANGE_NOT_SATISFIABLE: the Range starts past the end of the file.')
  @ApiValidationFailed()
  @ApiErrorResponse(
    404,
    `${NOT_FOUND} Also when the link has no n-th file; FILES_NOT_FOUND: the file was deleted.`,
  )
  async media(
    @Param() params: SharedMediaParams,
    @Headers('range') range: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const media = await this.shares.openMedia(params.id, Number(params.n), range);
    const { contentType, object } = media;
    // A recording seeks by byte ranges (<audio>, and Safari will not play one without them).
    response.status(media.range ? 206 : 200);
    if (media.range)
      response.setHeader('Content-Range', `bytes ${media.range.start}-${media.range.end}/${media.size}`);
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Type', contentType);
    response.setHeader('Content-Length', String(object.size));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Opened directly, a shared file is a document of its own: it runs nothing, even if mislabelled.
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    response.setHeader('Content-Disposition', 'inline');
    response.setHeader('X-Robots-Tag', 'noindex');
    // Short and private: a page reopened soon does not fetch its images again on a costly line,
    // and a browser that already showed a file keeps it at most 5 minutes after a revoke.
    response.setHeader('Cache-Control', 'private, max-age=300');
    object.body.on('error', () => response.destroy());
    object.body.pipe(response);
  }
}
