import type { ChatExportFormat } from '@kasa/contracts';

const EXTENSIONS: Record<ChatExportFormat, string> = { markdown: 'md', json: 'json' };
const MAX_SLUG_LENGTH = 60;

/**
 * A file name from a conversation's title: lower-case ASCII words joined by '-' (accents dropped:
 * "Récolte du maïs" → recolte-du-mais), safe in a header and on every file system;
 * "conversation" when the title has no letter or digit to keep.
 */
export function titleSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'conversation';
}

/** The download's Content-Disposition: attachment, named after the title. */
export function exportContentDisposition(title: string, format: ChatExportFormat): string {
  return `attachment; filename="${titleSlug(title)}.${EXTENSIONS[format]}"`;
}
