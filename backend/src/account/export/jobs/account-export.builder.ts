import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { FILE_STORAGE, type FileStorage } from '../../../files';
import { newStorageKey } from '../../../files/storage/storage-key';
import { conversationPathInZip, filePathInZip, isCompressedContent, UniquePaths } from '../export-names';
import { ExportDataRepository } from './export-data.repository';
import {
  accountDocument,
  conversationDocument,
  conversationMarkdown,
  type ManifestFile,
  readme,
} from './export-documents';
import { ProgressReporter } from './progress-reporter';
import { ZipWriter } from './zip-writer';

export interface BuildRequest {
  userId: string;
  cookieSessionId: string | null;
  /** The export's "now": exportedAt, and the instant the plan is read at. */
  now: Date;
  onProgress: (percent: number) => Promise<void>;
}

/** A ZIP now whole in storage, under a key nothing else names yet. */
export interface BuiltExport {
  storageKey: string;
  sizeBytes: number;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes one user's ZIP (layout in README.txt, see export-documents.ts): the files first, so
 * account.json can say which were missing, then the conversations, account.json, the farm
 * profile when one was saved (farm-profile.json) and README.txt.
 * Every read is scoped to the user; file bytes are read by the keys of their own rows only.
 */
@Injectable()
export class AccountExportBuilder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly data: ExportDataRepository,
  ) {}

  /** Null when the user no longer exists (deleted while the export waited or ran). */
  async build(request: BuildRequest): Promise<BuiltExport | null> {
    const { userId, now } = request;
    const profile = await this.data.profile(userId);
    if (!profile) return null;
    const [files, conversations] = await Promise.all([
      this.data.files(userId),
      this.data.conversations(userId),
    ]);
    const progress = new ProgressReporter(files.length + conversations.length + 2, request.onProgress);
    const paths = new UniquePaths();
    const storageKey = newStorageKey();
    const zip = new ZipWriter(this.storage, storageKey);
    let done = 0;
    try {
      const manifest: ManifestFile[] = [];
      const filePaths = new Map<string, string>();
      for (const file of files) {
        const object = await this.storage.get(file.storageKey);
        const entry: ManifestFile = {
          id: file.id,
          kind: file.kind,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          createdAt: file.createdAt.toISOString(),
          conversationId: file.conversationId,
          pathInZip: null,
        };
        if (object) {
          entry.pathInZip = paths.claim(filePathInZip(file));
          try {
            await zip.add(entry.pathInZip, object.body, {
              store: isCompressedContent(file.contentType),
              date: file.createdAt,
            });
          } catch (error) {
            object.body.destroy();
            throw error;
          }
          filePaths.set(file.id, entry.pathInZip);
        } else {
          entry.missing = true;
        }
        manifest.push(entry);
        await progress.done(++done);
      }

      const names = { user: profile.username, assistant: this.config.assistantName };
      const listed: Array<{ id: string; title: string; createdAt: Date; messages: number; path: string }> =
        [];
      for (const conversation of conversations) {
        const messages = await this.data.messages(userId, conversation.id);
        const path = paths.claim(conversationPathInZip(conversation));
        await zip.add(`${path}.md`, conversationMarkdown(conversation, messages, filePaths, names), {
          date: conversation.updatedAt,
        });
        await zip.add(`${path}.json`, json(conversationDocument(conversation, messages, filePaths)), {
          date: conversation.updatedAt,
        });
        listed.push({ ...conversation, messages: messages.length, path });
        await progress.done(++done);
      }

      const [
        subscription,
        usage,
        payments,
        cookiePreferences,
        notificationPreferences,
        twoFactorEnabled,
        farmProfile,
      ] = await Promise.all([
        this.data.activeSubscription(userId, now),
        this.data.usage(userId),
        this.data.payments(userId),
        request.cookieSessionId ? this.data.cookiePreferences(request.cookieSessionId) : null,
        this.data.notificationPreferences(userId),
        this.data.twoFactorEnabled(userId),
        this.data.farmProfile(userId),
      ]);
      const account = accountDocument({
        exportedAt: now,
        app: this.config.appName,
        profile,
        subscription,
        usage,
        payments,
        cookiePreferences,
        notificationPreferences,
        twoFactorEnabled,
        files: manifest,
        conversations: listed,
      });
      await zip.add('account.json', json(account), { date: now });
      if (farmProfile) await zip.add('farm-profile.json', json(farmProfile), { date: now });
      await zip.add('README.txt', readme(this.config.appName, now, profile.username), { date: now });
      await progress.done(++done);
      const { size } = await zip.finish();
      return { storageKey, sizeBytes: size };
    } catch (error) {
      await zip.abort().catch(() => undefined);
      throw error;
    }
  }
}
