import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { TempFilesRegistry } from '../../../temp-files';

/** Where an extraction job copies the stored file for the programs that read it (extract-upload.job.ts). */
export const extractionWorkDir = (dataDir: string) => join(dataDir, 'extracting');
/** `<upload id>-<uuid>`, the copy's name. */
const COPY_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** mkdtemp('kasa-ocr-'): six characters follow (document-text.ts). */
const OCR_FOLDER_NAME = /^kasa-ocr-[A-Za-z0-9]{6}$/;

/** Registers the extraction's temporary places: a killed worker leaves its copy and its OCR folder. */
@Injectable()
export class ExtractionTempFiles implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: TempFilesRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      owner: 'uploads',
      dir: extractionWorkDir(this.config.dataDir),
      name: COPY_NAME,
      kind: 'file',
    });
    this.registry.register({ owner: 'uploads', dir: tmpdir(), name: OCR_FOLDER_NAME, kind: 'folder' });
  }
}
