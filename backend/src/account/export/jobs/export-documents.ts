import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type PlanId } from '@kasa/contracts';
import type {
  ExportCookiePreferences,
  ExportConversation,
  ExportMessage,
  ExportPayment,
  ExportProfile,
  ExportSubscription,
  ExportUsage,
} from './export-data.repository';

/** A file of the manifest: where it sits in the ZIP, or `missing` when its bytes were gone. */
export interface ManifestFile {
  id: string;
  kind: string;
  name: string | null;
  contentType: string;
  size: number;
  createdAt: string;
  conversationId: string | null;
  pathInZip: string | null;
  missing?: true;
}

export interface AccountDocumentInput {
  exportedAt: Date;
  app: string;
  profile: ExportProfile;
  subscription: ExportSubscription | null;
  usage: ExportUsage[];
  payments: ExportPayment[];
  cookiePreferences: ExportCookiePreferences | null;
  notificationPreferences: NotificationPreferences | null;
  twoFactorEnabled: boolean;
  files: ManifestFile[];
  conversations: Array<{ id: string; title: string; createdAt: Date; messages: number; path: string }>;
}

/** Minor units → major (USD 400 → 4, XAF 2500 → 2500), by the currency's own decimals. */
export function majorAmount(amountMinor: number, currency: string): number {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // an unknown code: two decimals, like most currencies
  }
  return amountMinor / 10 ** digits;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** account.json: who the user is, their plan, usage, payments and settings, and the files' manifest. */
export function accountDocument(input: AccountDocumentInput): object {
  const plan: PlanId = input.subscription ? input.subscription.plan : 'BASIC_PLAN';
  return {
    exportedAt: input.exportedAt.toISOString(),
    app: input.app,
    profile: {
      id: input.profile.id,
      username: input.profile.username,
      email: input.profile.email,
      createdAt: input.profile.createdAt.toISOString(),
      passwordChangedAt: input.profile.passwordChangedAt.toISOString(),
    },
    plan: {
      current: plan,
      subscription: input.subscription && {
        plan: input.subscription.plan,
        method: input.subscription.method,
        provider: input.subscription.provider,
        currentPeriodEnd: input.subscription.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: input.subscription.cancelAtPeriodEnd,
      },
    },
    usage: input.usage,
    payments: input.payments.map((payment) => ({
      id: payment.id,
      date: payment.paidAt.toISOString(),
      method: payment.method,
      provider: payment.provider,
      amount: majorAmount(payment.amountMinor, payment.currency),
      currency: payment.currency,
      status: payment.status,
      periodStart: iso(payment.periodStart),
      periodEnd: iso(payment.periodEnd),
    })),
    cookiePreferences: input.cookiePreferences && {
      ...input.cookiePreferences,
      updatedAt: input.cookiePreferences.updatedAt.toISOString(),
    },
    notificationPreferences: input.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES,
    twoFactor: { enabled: input.twoFactorEnabled },
    conversations: input.conversations.map((conversation) => ({
      id: conversation.id,
      title: conversation.title,
      createdAt: conversation.createdAt.toISOString(),
      messages: conversation.messages,
      markdown: `${conversation.path}.md`,
      json: `${conversation.path}.json`,
    })),
    files: input.files,
  };
}

/** Where a message's files are in the ZIP: the manifest of the user's own files, by id. */
export type FilePaths = ReadonlyMap<string, string>;

const fileRef = (paths: FilePaths, fileId: string | null) =>
  fileId ? { fileId, path: paths.get(fileId) ?? null } : null;

/** conversations/<…>.json: the conversation and all its messages, in order. */
export function conversationDocument(
  conversation: ExportConversation,
  messages: ExportMessage[],
  paths: FilePaths,
): object {
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    messages: messages.map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      status: message.status,
      createdAt: message.createdAt.toISOString(),
      error: message.error,
      transcription: message.transcription,
      image: fileRef(paths, message.mediaFileId),
      audio: fileRef(paths, message.audioFileId),
      attachments: message.attachments.map((attachment) => ({
        type: attachment.type,
        name: attachment.name,
        mimeType: attachment.mimeType,
        fileId: attachment.fileId,
        path: attachment.fileId ? (paths.get(attachment.fileId) ?? null) : null,
      })),
      feedback: message.feedback && {
        rating: message.feedback.rating,
        reason: message.feedback.reason,
        model: message.feedback.model,
        createdAt: message.feedback.createdAt.toISOString(),
        updatedAt: message.feedback.updatedAt.toISOString(),
      },
    })),
  };
}

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** A ZIP path as a link from conversations/: each segment percent-encoded (names have spaces). */
const linkFromConversation = (path: string) => `../${path.split('/').map(encodeURIComponent).join('/')}`;
const linkText = (text: string) => text.replace(/[[\]\\]/g, '\\$&').replace(/\s+/g, ' ');

/** conversations/<…>.md: the conversation to read, with links to its files in files/. */
export function conversationMarkdown(
  conversation: ExportConversation,
  messages: ExportMessage[],
  paths: FilePaths,
  names: { user: string; assistant: string },
): string {
  const lines = [
    `# ${conversation.title.replace(/\s+/g, ' ').trim() || 'Conversation'}`,
    '',
    `Started ${when(conversation.createdAt)} · ${messages.length} messages · id ${conversation.id}`,
  ];
  for (const message of messages) {
    lines.push(
      '',
      '---',
      '',
      `## ${message.role === 'user' ? names.user : names.assistant} · ${when(message.createdAt)}`,
      '',
    );
    if (message.content) lines.push(message.content);
    if (message.transcription && message.transcription !== message.content)
      lines.push('', `Transcription: ${message.transcription}`);
    const image = message.mediaFileId && paths.get(message.mediaFileId);
    if (image) lines.push('', `![Image](${linkFromConversation(image)})`);
    const audio = message.audioFileId && paths.get(message.audioFileId);
    if (audio) lines.push('', `[Audio](${linkFromConversation(audio)})`);
    if (message.attachments.length) {
      lines.push('', 'Attachments:');
      for (const attachment of message.attachments) {
        const path = attachment.fileId && paths.get(attachment.fileId);
        lines.push(
          path
            ? `- [${linkText(attachment.name)}](${linkFromConversation(path)})`
            : `- ${linkText(attachment.name)} (no longer stored)`,
        );
      }
    }
    if (message.status === 'failed' && message.error) lines.push('', `_This reply failed: ${message.error}_`);
    if (message.status === 'stopped') lines.push('', '_This reply was stopped._');
    if (message.feedback) {
      const rated = message.feedback.rating === 'up' ? 'helpful 👍' : 'not helpful 👎';
      const reason = message.feedback.reason ? `: ${message.feedback.reason.replace(/\s+/g, ' ')}` : '';
      lines.push('', `_Your feedback: ${rated}_${reason}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** README.txt: what the ZIP holds (English). */
export function readme(app: string, exportedAt: Date, username: string): string {
  return [
    `${app} data export`,
    `Account: ${username}`,
    `Exported: ${exportedAt.toISOString()}`,
    '',
    'This ZIP holds everything your account stores:',
    '',
    'account.json',
    '  Your profile (username, e-mail, when the account was made and the password last set),',
    '  your plan and active subscription, your usage per month and feature, your payments',
    "  (amounts in the currency's main unit: 4 = USD 4.00, 2500 = XAF 2,500), your cookie",
    '  choices in the browser you exported from, your notification preferences, whether',
    '  two-factor sign-in is on, a list of your conversations and a list of your files',
    '  ("pathInZip" says where each is; "missing": true when its bytes could not be found).',
    '',
    'farm-profile.json',
    '  Your farm as you saved it in My farm (place, country, rounded position, crops,',
    '  livestock, size, languages). Not there when you never saved one.',
    '',
    'conversations/',
    '  Two files per conversation, named <date>-<title>-<id>: a .md to read (any text editor or',
    '  Markdown viewer) and a .json with every message, its role, time and attached files,',
    '  and the feedback you gave on replies (with the model that wrote the reply).',
    '',
    'files/',
    '  Your files, one folder per kind: upload (documents you uploaded), image (generated',
    '  pictures), audio (generated speech), recording (microphone recordings) and canvas',
    "  (saved drawings). Each name starts with the first characters of the file's id.",
    '',
    'Passwords, two-factor secrets and payment card details are never exported: they are',
    'not stored by us in readable form, or not stored by us at all.',
    '',
  ].join('\n');
}
