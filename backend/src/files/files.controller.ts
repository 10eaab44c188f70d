import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrorResponse, ApiOtherErrors, ApiValidationFailed } from '../docs';
import { FileLinkQueryDto, FileParams } from './dto/file-link.dto';
import { FilesService } from './files.service';
import { contentDisposition, defaultFilename } from './links/content-disposition';

/**
 * Stored files by signed link (FilesService.signedUrl): no bearer token, so <img> and <audio>
 * can load them. The signature is the permission; it names one file and expires soon.
 */
@ApiTags('files')
@ApiOtherErrors()
@ApiValidationFailed()
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get(':id')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description:
      'The bytes with their stored Content-Type, nosniff, and Content-Disposition inline (attachment with download=1); cached privately until the link expires.',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrorResponse(
    403,
    "FILES_LINK_INVALID: the signature does not match this file; FILES_LINK_EXPIRED: the link is out of date; FILES_LINK_REVOKED: it was signed before the owner's last sign-out everywhere or password change.",
  )
  @ApiResponse({
    status: 206,
    description:
      'The one byte range a `Range: bytes=…` header asked for (audio seeking), with Content-Range.',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrorResponse(404, 'FILES_NOT_FOUND: the file was deleted.')
  @ApiErrorResponse(416, 'FILES_RANGE_NOT_SATISFIABLE: the Range starts past the end of the file.')
  @ApiErrorResponse(
    422,
    'FILES_NO_THUMBNAIL: variant=thumb for a file that is not an image, an image that cannot be decoded, or one of more pixels than thumbnails are made of (remembered: later requests answer at once).',
  )
  @ApiErrorResponse(
    503,
    'FILES_THUMBNAIL_BUSY: every thumbnail slot stayed busy; Retry-After says when to try again.',
  )
  async serve(
    @Param() params: FileParams,
    @Query() query: FileLinkQueryDto,
    @Headers('range') range: string | undefined,
    @Headers('save-data') saveData: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.files.open({
      fileId: params.id,
      ...query,
      saveData: saveData?.trim().toLowerCase() === 'on',
      range,
    });
    const { file, object, disposition, secondsLeft } = opened;
    response.status(opened.range ? 206 : 200);
    if (opened.range)
      response.setHeader('Content-Range', `bytes ${opened.range.start}-${opened.range.end}/${file.size}`);
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Type', opened.contentType);
    // Without a variant, Save-Data picks the thumbnail: a cache must keep the two apart.
    response.setHeader('Vary', 'Save-Data');
    response.setHeader('Content-Length', String(object.size));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Opened directly, a stored file is a document of its own: it runs nothing, even if mislabelled.
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    response.setHeader(
      'Content-Disposition',
      contentDisposition(
        disposition,
        // A thumbnail is a WebP: the original's name (photo.png) would lie about it.
        (opened.variant === 'original' && file.originalName) ||
          defaultFilename(file.kind, file.id, opened.contentType),
      ),
    );
    response.setHeader('Cache-Control', `private, max-age=${secondsLeft}`);
    object.body.on('error', () => response.destroy());
    object.body.pipe(response);
  }
}
