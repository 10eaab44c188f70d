import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { DeleteAccountResponse } from '@kasa/contracts';
import { AuthService, rateLimitAddress, SESSION_ENDED, TwoFactorService } from '../../auth';
import { RateLimitService, usernameFrom } from '../../auth/rate-limit.service';
import { CardSubscriptionClosure, PaymentRecordsService } from '../../billing';
import { ApiException } from '../../common';
import { FILE_STORAGE, type FileStorage, storedObjectKeys } from '../../files';
import type { User } from '../../users';
import { AccountDeletionRepository } from './account-deletion.repository';
import type { DeleteAccountDto } from './delete-account.dto';
import { deleteStoredObjects } from './stored-bytes';

export const ACCOUNT_DELETED = 'Your account and all its data have been deleted.';
export const WRONG_PASSWORD = 'Your current password is not correct.';
export const TWO_FACTOR_CODE_REQUIRED = 'Enter a code from your authenticator app, or a backup code.';
export const TWO_FACTOR_CODE_WRONG = 'That code is not correct, or it was already used.';

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
    private readonly twoFactor: TwoFactorService,
    private readonly rateLimit: RateLimitService,
    private readonly cards: CardSubscriptionClosure,
    private readonly paymentRecords: PaymentRecordsService,
    private readonly repository: AccountDeletionRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async delete(user: User, dto: DeleteAccountDto, ip: string): Promise<DeleteAccountResponse> {
    await this.confirm(user, dto, ip);
    const cardSubscriptionCancelled = await this.cards.cancelAllNow(user.id);
    const deleted = await this.repository.deleteUser(user.id, (manager) =>
      this.paymentRecords.anonymise(manager, user.id),
    );
    // A concurrent deletion won: to this request the session has ended, as to any later one.
    if (!deleted) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_SESSION_ENDED', SESSION_ENDED);
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

  /** Counted in the sign-in buckets (AuthService.login): the password is guessed the same way there. */
  private async confirm(user: User, dto: DeleteAccountDto, ip: string): Promise<void> {
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('loginPerIp', address);
    await this.rateLimit.hit('loginPerUsernameIp', usernameFrom(address, user.username));
    if (!(await this.auth.verifyPasswordOf(user.id, dto.password)))
      throw new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_WRONG_CURRENT_PASSWORD', WRONG_PASSWORD);
    if (!(await this.twoFactor.isEnabled(user.id))) return;
    const code = dto.code?.trim();
    if (!code)
      throw new ApiException(
        HttpStatus.BAD_REQUEST,
        'AUTH_TWO_FACTOR_CODE_REQUIRED',
        TWO_FACTOR_CODE_REQUIRED,
      );
    if (!(await this.twoFactor.verifyAnyCode(user.id, code)))
      throw new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_TWO_FACTOR_CODE_WRONG', TWO_FACTOR_CODE_WRONG);
  }
}
