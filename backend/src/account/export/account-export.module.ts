import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { FilesModule } from '../../files';
import { AccountExportController, AccountExportDownloadController } from './account-export.controller';
import { AccountExportService } from './account-export.service';
import { AccountExportsRepository } from './account-exports.repository';

/**
 * Export Data (POST /api/account/export and its status and download routes). The ZIP is built by
 * the account.export job (jobs/account-export-jobs.module.ts, run by the workers).
 */
@Module({
  imports: [AuthModule, FilesModule],
  controllers: [AccountExportController, AccountExportDownloadController],
  providers: [AccountExportsRepository, AccountExportService],
})
export class AccountExportModule {}
