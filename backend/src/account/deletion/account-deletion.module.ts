import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { BillingModule } from '../../billing';
import { FilesModule } from '../../files';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionRepository } from './account-deletion.repository';
import { AccountDeletionService } from './account-deletion.service';

/** DELETE /api/account. */
@Module({
  imports: [AuthModule, BillingModule, FilesModule],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionService, AccountDeletionRepository],
})
export class AccountDeletionModule {}
