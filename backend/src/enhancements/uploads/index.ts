export { UploadsModule } from './uploads.module';
export { UploadsService, type ImportFileInput } from './uploads.service';
export { fileTooLarge } from './uploads.errors';
