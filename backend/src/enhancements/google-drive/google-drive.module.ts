import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { UploadsModule } from '../uploads';
import { GoogleDriveController } from './google-drive.controller';
import { GoogleDriveRepository } from './google-drive.repository';
import { GoogleDriveService } from './google-drive.service';

/**
 * Google Drive import (/api/enhancements/google-drive): OAuth 2 code flow, encrypted grant,
 * files copied into the upload pipeline. Off (503) without GOOGLE_CLIENT_ID/SECRET.
 */
@Module({
  imports: [AuthModule, UploadsModule],
  controllers: [GoogleDriveController],
  providers: [GoogleDriveRepository, GoogleDriveService],
})
export class GoogleDriveModule {}
