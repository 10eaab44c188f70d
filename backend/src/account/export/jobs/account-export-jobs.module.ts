import { Module } from '@nestjs/common';
import { ClockModule } from '../../../common';
import { FilesModule } from '../../../files';
import { AccountExportsRepository } from '../account-exports.repository';
import { AccountExportBuilder } from './account-export.builder';
import { AccountExportJobHandler } from './account-export.job';
import { ExportDataRepository } from './export-data.repository';

/**
 * The data export's job handler (account.export), run by the workers (worker.module.ts). The
 * worker process has no clock of its own: the handler needs one.
 */
@Module({
  imports: [ClockModule, FilesModule],
  providers: [AccountExportsRepository, ExportDataRepository, AccountExportBuilder, AccountExportJobHandler],
})
export class AccountExportJobsModule {}
