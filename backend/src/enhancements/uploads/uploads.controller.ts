import { join } from 'node:path';
import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { UploadRecord } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import { APP_CONFIG, type AppConfig } from '../../config';
import {
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiUsageLimit,
  ApiValidationFailed,
} from '../../docs';
import type { User } from '../../users';
import { UploadFileDoc, UploadParams, UploadRecordDoc } from './dto/uploads.dto';
import { withReceivedUpload } from './upload-receiver';
import { UploadsService } from './uploads.service';

/** The composer's file upload, the user's uploads and the state of each one's text. Every route needs a signed-in user. */
@ApiTags('enhancements')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements')
@UseGuards(JwtAuthGuard)
export class UploadsController {
  /** Uploads being received (DATA_DIR/uploads), each removed once its request is answered. */
  private readonly uploadDir: string;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.uploadDir = join(config.dataDir, 'uploads');
  }

  @Post('upload')
  @HeavyRequest('upload')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFileDoc })
  @ApiCreatedResponse({
    type: UploadRecordDoc,
    description: 'Stored; its text is read in the background (poll GET /api/enhancements/uploads/{id}).',
  })
  @ApiValidationFailed(
    'no file or an empty one (UPLOAD_FILE_MISSING), another field, or a conversationId that is not a UUID',
  )
  @ApiErrorResponse(404, "conversationId names no conversation of the user's (nothing is charged).")
  @ApiErrorResponse(413, 'The file is larger than 50 MB (UPLOAD_TOO_LARGE).')
  @ApiErrorResponse(
    415,
    'A name extension or declared type outside the allowed ones, or not an image, PDF, Word document or printable text (HTML, SVG and scripts are not) by its bytes (UPLOAD_TYPE_NOT_ALLOWED); or the body is not multipart.',
  )
  @ApiUsageLimit('audioUploadsPerMonth')
  upload(@CurrentUser() user: User, @Req() request: Request): Promise<UploadRecord> {
    return withReceivedUpload(request, this.uploadDir, (upload) =>
      this.uploads.importFile(user, {
        path: upload.path,
        originalName: upload.originalName,
        declaredType: upload.declaredType,
        conversationId: upload.conversationId,
        origin: 'device',
      }),
    );
  }

  @Get('uploads')
  @ApiOkResponse({
    type: UploadRecordDoc,
    isArray: true,
    description: "The user's uploads, newest first (50 at most).",
  })
  list(@CurrentUser() user: User): Promise<UploadRecord[]> {
    return this.uploads.list(user);
  }

  @Get('uploads/:id')
  @ApiOkResponse({ type: UploadRecordDoc, description: 'The upload and where its text extraction stands.' })
  @ApiValidationFailed('the id is not a UUID')
  @ApiErrorResponse(404, "No upload of the user's has this id (UPLOAD_NOT_FOUND).")
  get(@CurrentUser() user: User, @Param() params: UploadParams): Promise<UploadRecord> {
    return this.uploads.get(user, params.id);
  }

  @Delete('uploads/:id')
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      'Deleted: the stored file and its thumbnail, the extracted text and a waiting extraction. Messages it was attached to keep its name.',
  })
  @ApiValidationFailed('the id is not a UUID')
  @ApiErrorResponse(404, "No upload of the user's has this id (UPLOAD_NOT_FOUND).")
  async delete(@CurrentUser() user: User, @Param() params: UploadParams): Promise<void> {
    await this.uploads.delete(user, params.id);
  }
}
