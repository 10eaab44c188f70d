import { Module } from '@nestjs/common';
import { AccountDeletionModule } from './deletion/account-deletion.module';
import { AccountExportModule } from './export/account-export.module';

/**
 * The account page's server side (docs/architecture.md#account): the data export and the
 * account deletion. Security (password, two-factor sign-in) lives in auth, the billing history
 * in billing, the notification preferences in mail.
 */
@Module({
  imports: [AccountDeletionModule, AccountExportModule],
})
export class AccountModule {}
