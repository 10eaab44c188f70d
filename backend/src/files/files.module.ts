import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { StoredFileEntity } from './entities/stored-file.entity';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file-storage';
import { LocalStorageTempFiles } from './storage/local-storage-temp-files';
import { S3FileStorage } from './storage/s3-file-storage';
import { ThumbnailsService } from './thumbnails/thumbnails.service';

/** The storage adapter FILES_STORAGE names: the local disk by default, or an S3-compatible bucket. */
export function createFileStorage(config: AppConfig): FileStorage {
  return config.files.storage === 's3'
    ? new S3FileStorage(config.files)
    : new LocalFileStorage(config.files.dir);
}

/** Stored files: the storage port, the `files` table, signed links and GET /api/files/:id. */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFileEntity])],
  controllers: [FilesController],
  providers: [
    { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: createFileStorage },
    FilesRepository,
    FilesService,
    ThumbnailsService,
    LocalStorageTempFiles,
  ],
  exports: [FilesService, FILE_STORAGE],
})
export class FilesModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
