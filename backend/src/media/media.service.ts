import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ImageSize, MediaGenerationResult } from '@kasa/contracts';
import { IMAGE_MODEL, type ImageModel } from '../ai/images/image-model.port';
import { ChatService } from '../chat';
import { ApiException, conversationChoiceInvalid } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import { FilesService } from '../files';
import { type IdempotentClaim, IdempotentRequestsService, requestHash } from '../idempotent-requests';
import { QueueService } from '../queue';
import type { User } from '../users';
import { UsageService } from '../usage';
import { DEFAULT_IMAGE_SIZE, type GenerateMediaDto } from './dto/generate-media.dto';
import { promptNotDrawable, videoUnavailable } from './media.errors';
import { GENERATE_MEDIA_JOB, type GeneratedImageFile } from './jobs/generate-image.job-types';

/** What the assistant's message says under an image the provider did not describe. */
export const IMAGE_CAPTION = 'Generated image.';

/** Room beyond the engine's own budget for the queue, the storage and a backoff between retries. */
const JOB_MARGIN_MS = 15_000;

/**
 * Media generation (docs/architecture.md#jobs): checks what can be refused for free (video, a
 * prompt the image engine cannot draw, someone else's conversation), takes one
 * media generation of the month's quota, and waits for the media.generate job, which carries the
 * reservation (refunded once by the worker if the job finally fails). With a conversation, the
 * prompt and the image become its messages; with a new chat's id, they start its conversation
 * (ChatService.startConversation). With an Idempotency-Key all of that happens once: a
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
    @Inject(IMAGE_MODEL) private readonly images: ImageModel,
  ) {
    // Every engine attempt may take the whole AI timeout.
    this.jobTimeoutMs = config.ai.requestTimeoutMs * (Math.max(0, config.ai.maxRetries) + 1) + JOB_MARGIN_MS;
  }

  async generate(
    user: User,
    request: GenerateMediaDto,
    idempotencyKey?: string,
  ): Promise<MediaGenerationResult> {
    if (request.conversationId && request.newConversationId) throw conversationChoiceInvalid();
    const size = request.size ?? DEFAULT_IMAGE_SIZE;
    const hash = requestHash({
      type: request.type,
      prompt: request.prompt,
      size,
      conversationId: request.conversationId ?? null,
      ...(request.newConversationId ? { newConversationId: request.newConversationId } : {}),
    });
    const image = await this.idempotentRequests.run<GeneratedImageFile, DrawProgress>(
      user.id,
      'media.generate',
      idempotencyKey,
      hash,
      (claim) => this.draw(user, request, size, claim),
      // A job still running, or one drawn and charged whose messages are not added yet: the next
      // request with the key finishes it rather than drawing again.
      { keepClaimOn: (error, progress) => progress.image !== undefined || isJobTimeout(error) },
    );
    return {
      type: 'image',
      url: this.files.signedUrl({ id: image.fileId }),
      format: image.format,
      metadata: image.metadata,
    };
  }

  /**
   * Draws, stores and charges one image (and adds it to the conversation): what a retry must not
   * repeat. Under an Idempotency-Key, the job's id is recorded before the job is added and its
   * result as soon as it is read, so a request taking over from one whose instance died carries
   * on from there: the recorded image, or the job (waited for if still running), and only when
   * the job failed or never started does it draw again.
   */
  private async draw(
    user: User,
    request: GenerateMediaDto,
    size: ImageSize,
    claim: IdempotentClaim<DrawProgress>,
  ): Promise<GeneratedImageFile> {
    const { prompt, conversationId, newConversationId } = request;
    const recordImage = (image: unknown) => claim.record({ image: image as GeneratedImageFile });
    const earlier = claim.progress;
    let image =
      earlier?.image ??
      (earlier?.jobId
        ? await this.queue.resumeJob(GENERATE_MEDIA_JOB, earlier.jobId, {
            timeoutMs: this.jobTimeoutMs,
            onResult: recordImage,
          })
        : undefined);
    if (!image) {
      if (request.type === 'video') throw videoUnavailable();
      // A conversation that is not the user's is a 404 before anything is charged or drawn.
      if (conversationId) await this.chat.assertOwned(user, conversationId);
      if (newConversationId) await this.chat.assertCanStart(user, newConversationId);
      // A prompt the engine cannot draw (the offline illustrations' vocabulary) is refused for free.
      const refusal = this.images.refusal?.(prompt);
      if (refusal) throw promptNotDrawable(refusal);
      const jobId = randomUUID();
      await claim.record({ jobId });
      const reservation = await this.usage.reserve(user.id, 'mediaGenerationsPerMonth');
      image = await this.queue.runJob(
        GENERATE_MEDIA_JOB,
        { userId: user.id, prompt, size, ...(conversationId ? { conversationId } : {}) },
        { timeoutMs: this.jobTimeoutMs, reservation, jobId, onResult: recordImage },
      );
    }
    if (newConversationId) {
      // Started only now, so a failed drawing leaves no empty conversation behind; the image,
      // stored before it existed, then goes with it when it is deleted.
      await this.chat.startConversation(user, newConversationId, prompt);
      await this.files.assignToConversation(user.id, image.fileId, newConversationId);
    }
    const joined = conversationId ?? newConversationId;
    if (joined) {
      const caption = image.metadata.revised_prompt ?? IMAGE_CAPTION;
      // Once per image: the request that drew it may have added them before its instance died.
      await this.chat.appendMessagesOnce(user, joined, image.fileId, [
        { role: 'user', content: prompt },
        { role: 'assistant', content: caption, mediaFileId: image.fileId, mediaType: 'image' },
      ]);
    }
    return image;
  }
}

/** What an image request records under its key for a successor (IdempotentClaim). */
interface DrawProgress {
  /** The media.generate job, recorded before it is added. */
  jobId: string;
  /** The job's result, recorded as soon as it is read. */
  image: GeneratedImageFile;
}

function isJobTimeout(error: unknown): boolean {
  return error instanceof ApiException && (error.getResponse() as { code?: string }).code === 'JOB_TIMEOUT';
}
