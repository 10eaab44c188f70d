import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_MODEL, type ImageModel, ImageModelError } from '../../ai/images/image-model.port';
import { FilesService, jobOutputFileId } from '../../files';
import { type JobContext, OnJob } from '../../queue/on-job.decorator';
import type { GeneratedImageFile, GenerateImageJob } from './generate-image.job-types';
import { imageEngineFailure } from './image-engine-failure';

/** Draws an image with the configured engine and keeps our own copy of the PNG. */
@Injectable()
export class GenerateImageJobHandler {
  constructor(
    @Inject(IMAGE_MODEL) private readonly images: ImageModel,
    private readonly files: FilesService,
  ) {}

  /** The PNG is stored under the job's own file id: a re-run replaces it, never adds a second. */
  @OnJob({ name: 'media.generate', concurrency: 2 })
  async generate(job: GenerateImageJob, context: JobContext): Promise<GeneratedImageFile> {
    let drawn;
    try {
      drawn = await this.images.generate({ prompt: job.prompt, size: job.size });
    } catch (error) {
      if (error instanceof ImageModelError) throw imageEngineFailure(error);
      throw error;
    }
    const file = await this.files.store(job.userId, {
      id: jobOutputFileId(context.key),
      kind: 'image',
      contentType: drawn.contentType,
      body: drawn.image,
      conversationId: job.conversationId ?? null,
      originalName: 'image.png',
    });
    return { fileId: file.id, format: drawn.format, metadata: drawn.metadata };
  }
}
