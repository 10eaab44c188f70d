import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { ImageSize, MediaGenerationResult } from '@kasa/contracts';
import { ChatService } from '../chat';
import { ApiException } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import { FilesService } from '../files';
import { IdempotentRequestsService, requestHash } from '../idempotent-requests';
import { QueueService } from '../queue';
import type { User } from '../users';
import { UsageService } from '../usage';
import { DEFAULT_IMAGE_SIZE, type GenerateMediaDto } from './dto/generate-media.dto';
import { GENERATE_MEDIA_JOB, type GeneratedImageFile } from './jobs/generate-image.job-types';

/** What the assistant's message says under an image the provider did not describe. */
export const IMAGE_CAPTION = 'Generated image.';

/** Room beyond the engine's own budget for the queue, the storage and a backoff between retries. */
const JOB_MARGIN_MS = 15_000;

/**
 * Media generation (docs/architecture.md#jobs): checks what can be refused for free, takes one
 * media generation of the month's quota, and waits for the media.generate job, which carries the
 * reservation (refunded once by the worker if the job finally fails). With a conversation, the
 * prompt and the image become its messages. With an Idempotency-Key all of that happens once: a
 * retry answers the stored image (idempotent-requests/).
 */
@Injectable()
export class MediaService {
  private readonly jobTimeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly queue: QueueService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly chat: ChatService,
    private readonly idempotentRequests: IdempotentRequestsService,
  ) {
    // Every engine attempt may take the whole AI timeout.
    this.jobTimeoutMs = config.ai.requestTimeoutMs * (Math.max(0, config.ai.maxRetries) + 1) + JOB_MARGIN_MS;
  }

  async generate(
    user: User,
    request: GenerateMediaDto,
    idempotencyKey?: string,
  ): Promise<MediaGenerationResult> {
    const size = request.size ?? DEFAULT_IMAGE_SIZE;
    const hash = requestHash({
      type: request.type,
      prompt: request.prompt,
      size,
      conversationId: request.conversationId ?? null,
    });
    const image = await this.idempotentRequests.run(user.id, 'media.generate', idempotencyKey, hash, () =>
      this.draw(user, request, size),
    );
    return {
      type: 'image',
      url: this.files.signedUrl({ id: image.fileId }),
      format: image.format,
      metadata: image.metadata,
    };
  }

  /** Draws, stores and charges one image (and adds it to the conversation): what a retry must not repeat. */
  private async draw(user: User, request: GenerateMediaDto, size: ImageSize): Promise<GeneratedImageFile> {
    if (request.type === 'video')
      throw new ApiException(
        HttpStatus.UNPROCESSABLE_ENTITY,
        'MEDIA_VIDEO_UNAVAILABLE',
        'Video generation is not available yet.',
      );
    const { prompt, conversationId } = request;
    // A conversation that is not the user's is a 404 before anything is charged or drawn.
    if (conversationId) await this.chat.assertOwned(user, conversationId);
    const reservation = await this.usage.reserve(user.id, 'mediaGenerationsPerMonth');
    const image = await this.queue.runJob(
      GENERATE_MEDIA_JOB,
      { userId: user.id, prompt, size, ...(conversationId ? { conversationId } : {}) },
      { timeoutMs: this.jobTimeoutMs, reservation },
    );
    if (conversationId) {
      const caption = image.metadata.revised_prompt ?? IMAGE_CAPTION;
      await this.chat.appendMessages(user, conversationId, [
        { role: 'user', content: prompt },
        { role: 'assistant', content: caption, mediaFileId: image.fileId, mediaType: 'image' },
      ]);
    }
    return image;
  }
}
