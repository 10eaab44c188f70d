import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { TempFilesRegistry } from '../../temp-files';

/**
 * LocalFileStorage writes each object to `<key>.<12 hex>.tmp` beside it, renamed into place when
 * whole: a process killed mid-write (an export ZIP streaming in) leaves that file. It is in a
 * fan-out folder (`ab/`) of the storage folder.
 */
export const LOCAL_STORAGE_TEMP_NAME = /\.[0-9a-f]{12}\.tmp$/;

@Injectable()
export class LocalStorageTempFiles implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: TempFilesRegistry,
  ) {}

  onModuleInit(): void {
    if (this.config.files.storage !== 'local') return;
    this.registry.register({
      owner: 'files',
      dir: this.config.files.dir,
      depth: 1,
      name: LOCAL_STORAGE_TEMP_NAME,
      kind: 'file',
    });
  }
}
