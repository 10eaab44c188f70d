import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AccountExportResponse, type AccountExportView, EXPORT_REUSE_SECONDS } from '@kasa/contracts';
import { CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { FILE_STORAGE, type FileStorage } from '../../files';
import { QueueService } from '../../queue';
import { queueOfJob } from '../../queue/job-map';
import {
  EXPORT_FAILED_MESSAGE,
  EXPORT_LOST_MESSAGE,
  exportExpired,
  exportLinkInvalid,
  exportNotFound,
  exportNotQueued,
  exportStarting,
} from './account-export.errors';
import { type AccountExportRow, AccountExportsRepository } from './account-exports.repository';
import { isRevokedLink, linkRevoked } from '../../files/links/link-revocation';
import { checkExportLink, exportLinkKey, signExportLink } from './export-link';
import { exportDownloadName } from './export-names';
import {
  ACCOUNT_EXPORT_ATTEMPTS,
  ACCOUNT_EXPORT_BACKOFF_MS,
  ACCOUNT_EXPORT_JOB,
  accountExportJobId,
} from './jobs/account-export.job-types';

/** Expired ZIPs deleted (anyone's) each time an export is asked for: the sweep stays short. */
export const EXPIRED_SWEEP_LIMIT = 20;
/**
 * An export still queued or running this long after its (last) start lost its job: no worker
 * ever took it, or its last attempt died. It is failed so the user can start another.
 */
export const STALE_EXPORT_MS = 60 * 60 * 1000;

/** The download a signed link opens. */
export interface OpenedExport {
  body: Readable;
  size: number;
  filename: string;
}

/**
 * The data export (docs/architecture.md#account): one ZIP of everything the user has, built by
 * the account.export job (jobs/), downloaded through a signed link until it expires.
 */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger(AccountExportService.name);
  private readonly linkKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly exports: AccountExportsRepository,
    private readonly queues: QueueService,
  ) {
    this.linkKey = exportLinkKey(config.jwtSecret);
  }

  /**
   * Starts an export, or joins the user's export in progress or made within EXPORT_REUSE_SECONDS.
   * Two simultaneous requests make one job: the partial unique index lets one insert win, the
   * other reads the winner.
   */
  async request(userId: string, cookieSessionId: string | null): Promise<AccountExportResponse> {
    const now = this.clock.now();
    await this.sweepExpired(now);
    await this.exports.failStale(
      userId,
      new Date(now.getTime() - STALE_EXPORT_MS),
      'ACCOUNT_EXPORT_FAILED',
      EXPORT_LOST_MESSAGE,
    );
    const since = new Date(now.getTime() - EXPORT_REUSE_SECONDS * 1000);
    for (let attempt = 0; attempt < 3; attempt++) {
      const reusable = await this.exports.findReusable(userId, since);
      if (reusable) return { export: await this.viewOf(reusable), reused: true };
      const created = await this.exports.insertQueued(userId, cookieSessionId, now);
      if (created) {
        await this.enqueue(created);
        return { export: await this.viewOf(created), reused: false };
      }
      // Another request inserted first: read its export on the next pass.
    }
    throw exportStarting();
  }

  /** The user's newest export (the page resumes its progress after a reload). */
  async latest(userId: string): Promise<AccountExportView> {
    const row = await this.exports.latestOwned(userId);
    if (!row) throw exportNotFound();
    return this.viewOf(row);
  }

  async get(userId: string, id: string): Promise<AccountExportView> {
    const row = await this.exports.findOwned(userId, id);
    if (!row) throw exportNotFound();
    return this.viewOf(row);
  }

  /**
   * The ZIP a signed link names: 403 FILES_LINK_INVALID when forged or moved to another export,
   * 403 FILES_LINK_REVOKED when signed before the owner's last sign-out everywhere or password
   * change, 410 when it (or the export) expired, 404 when no such export is downloadable.
   */
  async open(query: {
    exportId: string;
    expires: string;
    signature: string;
    issued: string;
  }): Promise<OpenedExport> {
    const now = this.clock.now();
    const check = checkExportLink(this.linkKey, query, Math.floor(now.getTime() / 1000));
    if (!check.ok) throw check.reason === 'expired' ? exportExpired() : exportLinkInvalid();
    const row = await this.exports.findForDownload(query.exportId);
    if (!row) throw exportNotFound();
    if (isRevokedLink(check.issuedAt, row.ownerTokensRevokedAt)) throw linkRevoked();
    if (row.status === 'expired' || (await this.expireIfDue(row, now))) throw exportExpired();
    if (row.status !== 'completed' || !row.storageKey) throw exportNotFound();
    const object = await this.storage.get(row.storageKey);
    if (!object) {
      this.logger.warn(`Export ${row.id} is completed but its ZIP is gone (${row.storageKey}).`);
      throw exportExpired();
    }
    return {
      body: object.body,
      size: object.size,
      filename: exportDownloadName(this.config.appName, row.username, row.completedAt ?? row.createdAt),
    };
  }

  /** Deletes the ZIPs of up to EXPIRED_SWEEP_LIMIT expired exports, whoever they belong to. */
  async sweepExpired(now: Date): Promise<number> {
    const expired = await this.exports.listExpired(now, EXPIRED_SWEEP_LIMIT);
    let count = 0;
    for (const row of expired) if (await this.expireIfDue(row, now)) count++;
    return count;
  }

  /**
   * A completed export past its expiry: its ZIP is deleted, then it says 'expired'. Bytes first,
   * so a failure leaves a row that still names them and the next read tries again.
   */
  private async expireIfDue(row: AccountExportRow, now: Date): Promise<boolean> {
    if (row.status !== 'completed' || !row.expiresAt || row.expiresAt > now) return false;
    try {
      if (row.storageKey) await this.storage.delete(row.storageKey);
      await this.exports.markExpired(row.id);
    } catch (error) {
      this.logger.error(
        `Expiring export ${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    row.status = 'expired';
    row.storageKey = null;
    return true;
  }

  private async viewOf(row: AccountExportRow): Promise<AccountExportView> {
    await this.expireIfDue(row, this.clock.now());
    const completed = row.status === 'completed' && row.expiresAt;
    const error =
      row.status === 'failed'
        ? {
            code: row.errorCode ?? 'ACCOUNT_EXPORT_FAILED',
            message: row.errorMessage ?? EXPORT_FAILED_MESSAGE,
          }
        : null;
    return {
      id: row.id,
      status: row.status,
      progress: row.status === 'completed' ? 100 : row.progress,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadUrl: completed
        ? signExportLink(
            this.linkKey,
            row.id,
            Math.floor(row.expiresAt!.getTime() / 1000),
            this.clock.now().getTime(),
          )
        : null,
      sizeBytes: row.status === 'completed' ? row.sizeBytes : null,
      error,
    };
  }

  /**
   * Queues the job without waiting (the page polls the export). The finished job removes itself
   * (removeOnComplete deletes its own row only, see QueueService.runJob); a queue that cannot
   * take it fails the export with a reason and answers 503.
   */
  private async enqueue(row: AccountExportRow): Promise<void> {
    try {
      await this.queues.queue(queueOfJob(ACCOUNT_EXPORT_JOB)).add(
        ACCOUNT_EXPORT_JOB,
        { exportId: row.id },
        {
          jobId: accountExportJobId(row.id),
          attempts: ACCOUNT_EXPORT_ATTEMPTS,
          backoff: { type: 'exponential', delay: ACCOUNT_EXPORT_BACKOFF_MS },
          removeOnComplete: true,
        },
      );
    } catch (error) {
      this.logger.error(
        `Queueing export ${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.exports.failActive(row.id, 'ACCOUNT_EXPORT_FAILED', EXPORT_FAILED_MESSAGE);
      throw exportNotQueued();
    }
  }
}
