import type { ExportedConversation, ExportedMessage } from './conversation-export';
import type { ExportLabels } from './export-labels';

export interface MarkdownExportOptions {
  appName: string;
  assistantName: string;
  labels: ExportLabels;
}

/** A date as the export writes it, the same in every language: 2026-11-28 09:30 UTC. */
export function exportDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Text that must read as itself in Markdown (a file name, a title): its marks escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, '\\$&').replace(/\s+/g, ' ');
}

function author(message: ExportedMessage, options: MarkdownExportOptions): string {
  if (message.role === 'user') return `**${options.labels.you}**`;
  const name = `**${escapeMarkdown(options.assistantName)}**`;
  return message.modelName ? `${name} (${escapeMarkdown(message.modelName)})` : name;
}

function statusNote(message: ExportedMessage, labels: ExportLabels): string | null {
  if (message.role !== 'assistant') return null;
  if (message.status === 'stopped') return `*(${labels.stopped})*`;
  if (message.status === 'failed') return `*(${labels.failed})*`;
  if (message.status === 'streaming') return `*(${labels.writing})*`;
  return null;
}

function messageBlock(message: ExportedMessage, options: MarkdownExportOptions): string {
  const { labels } = options;
  const parts = [`${author(message, options)} · ${exportDate(message.createdAt)}`];
  // A reply's Markdown as the model wrote it: the export is read as Markdown.
  if (message.content.trim()) parts.push(message.content.trim());
  if (message.mediaType === 'image') parts.push(`*[${labels.image}]*`);
  if (message.hasRecording) parts.push(`*[${labels.recording}]*`);
  // A voice message's text is usually its transcription: said once.
  if (message.transcription && message.transcription.trim() !== message.content.trim())
    parts.push(`> ${labels.transcription}: ${escapeMarkdown(message.transcription)}`);
  if (message.attachments.length)
    parts.push(
      `*${labels.attachments}: ${message.attachments.map((attachment) => escapeMarkdown(attachment.name)).join(', ')}*`,
    );
  const note = statusNote(message, labels);
  if (note) parts.push(note);
  return parts.join('\n\n');
}

/** The Markdown export: the title, then each message with who wrote it and when. */
export function toMarkdownExport(conversation: ExportedConversation, options: MarkdownExportOptions): string {
  const head = [
    `# ${escapeMarkdown(conversation.title)}`,
    `*${options.labels.exportedFrom(escapeMarkdown(options.appName), exportDate(conversation.exportedAt))}*`,
  ].join('\n\n');
  const blocks = conversation.messages.map((message) => messageBlock(message, options));
  return `${[head, ...blocks].join('\n\n---\n\n')}\n`;
}
