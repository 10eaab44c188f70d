import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MediaGenerationResult } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import { HeavyRequest } from '../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiUsageLimit, ApiValidationFailed } from '../docs';
import { ApiIdempotencyKey, IdempotencyKey } from '../idempotent-requests';
import type { User } from '../users';
import { GenerateMediaDto } from './dto/generate-media.dto';
import { MediaGenerationResultDoc } from './dto/media-generation-result.doc';
import { MediaService } from './media.service';

/** AI Studio's Media Studio and the chat's Generate Image quick action. */
@ApiTags('media')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('media')
@UseGuards(JwtAuthGuard)
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post('generate')
  @HeavyRequest('media-generation')
  @HttpCode(200)
  @ApiOkResponse({
    type: MediaGenerationResultDoc,
    description:
      'The image, stored and linked. With a conversationId, the prompt and the image are its last two messages; with a newConversationId, the first two of that new conversation.',
  })
  @ApiValidationFailed(
    'the Idempotency-Key is not a UUID, or both conversationId and newConversationId are sent',
  )
  @ApiErrorResponse(
    404,
    "conversationId is not one of the user's conversations, or newConversationId is another user's (nothing was charged).",
  )
  @ApiErrorResponse(
    422,
    "type 'video' (MEDIA_VIDEO_UNAVAILABLE), the offline illustrations have no icon for any noun of the prompt (IMAGE_PROMPT_NOT_ILLUSTRATABLE, nothing charged), or the image service refused the prompt (AI_*).",
  )
  @ApiUsageLimit('mediaGenerationsPerMonth')
  @ApiErrorResponse(
    502,
    'The image service failed after its retries (AI_*), or the job failed (JOB_FAILED); the generation is given back.',
  )
  @ApiErrorResponse(
    503,
    'The image service is busy (AI_BUSY), or no worker runs media jobs (JOB_NO_WORKER); the generation is given back.',
  )
  @ApiErrorResponse(
    504,
    'The image service did not answer in time (AI_TIMEOUT); the generation is given back.',
  )
  @ApiErrorResponse(
    507,
    'The image could not be stored: storage is full (STORAGE_FULL); the generation is given back.',
  )
  @ApiIdempotencyKey('image')
  generate(
    @CurrentUser() user: User,
    @Body() body: GenerateMediaDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<MediaGenerationResult> {
    return this.media.generate(user, body, idempotencyKey);
  }
}
