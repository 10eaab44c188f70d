import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DeleteAccountResponse } from '@kasa/contracts';
import { AuthService, sessionEnded } from '../../auth';
import { CardSubscriptionClosure, PaymentRecordsService } from '../../billing';
import { FILE_STORAGE, type FileStorage, storedObjectKeys } from '../../files';
import type { User } from '../../users';
import { AccountDeletionRepository } from './account-deletion.repository';
import type { DeleteAccountDto } from './delete-account.dto';
import { deleteStoredObjects } from './stored-bytes';

export const ACCOUNT_DELETED = 'Your account and all its data have been deleted.';

/**
 * DELETE /api/account (docs/architecture.md#account): confirmed with the password (and a 2FA
 * code), in an order that loses nothing when a step fails: the card subscription is cancelled at
 * the provider first (if that fails nothing is deleted), then every row goes in one transaction
 * (payment records stay, anonymised), then the stored bytes.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly auth: AuthService,
    private readonly cards: CardSubscriptionClosure,
    private readonly paymentRecords: PaymentRecordsService,
    private readonly repository: AccountDeletionRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async delete(user: User, dto: DeleteAccountDto, ip: string): Promise<DeleteAccountResponse> {
    // The password and (2FA on) a code, counted in the sign-in buckets like a sign-in.
    await this.auth.confirmIdentity(user, { currentPassword: dto.password, code: dto.code }, ip);
    const cardSubscriptionCancelled = await this.cards.cancelAllNow(user.id);
    const deleted = await this.repository.deleteUser(user.id, (manager) =>
      this.paymentRecords.anonymise(manager, user.id),
    );
    // A concurrent deletion won: to this request the session has ended, as to any later one.
    if (!deleted) throw sessionEnded();
    // Each file's bytes before what was derived from them: a thumbnail being made meanwhile then
    // finds its original gone and takes itself back (files/thumbnails/thumbnails.service.ts).
    const keys = [...deleted.storedFiles.flatMap(storedObjectKeys), ...deleted.exportKeys];
    const failures = await deleteStoredObjects(this.storage, keys, this.logger);
    this.logger.log(
      `Deleted account ${user.id}: ${keys.length} stored objects (${failures} left behind), ${deleted.kept} payment records kept anonymised`,
    );
    return {
      ok: true,
      message: ACCOUNT_DELETED,
      deleted: {
        conversations: deleted.conversations,
        messages: deleted.messages,
        files: deleted.files,
        uploads: deleted.uploads,
      },
      paymentRecordsKept: deleted.kept,
      cardSubscriptionCancelled,
    };
  }
}
