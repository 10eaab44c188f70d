import { join } from 'node:path';
import { Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { UploadRecord } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
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

/** The composer's file upload and the state of each upload's text. Every route needs a signed-in user. */
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
    'Not an image, PDF, Word document or text by its bytes (UPLOAD_TYPE_NOT_ALLOWED), or the body is not multipart.',
  )
  @ApiUsageLimit('audioUploadsPerMonth')
  upload(@CurrentUser() user: User, @Req() request: Request): Promise<UploadRecord> {
    return withReceivedUpload(request, this.uploadDir, (upload) =>
      this.uploads.importFile(user, {
        path: upload.path,
        originalName: upload.originalName,
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
}
