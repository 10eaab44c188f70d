export * from './entities/stored-file.entity';
export * from './files.module';
export * from './files.service';
export * from './storage/file-storage';
export * from './stored-objects';
export * from './job-output';
