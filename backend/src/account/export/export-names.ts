import { defaultFilename } from '../../files/links/content-disposition';

/** Longest slug of a conversation title in a ZIP path (the id part keeps paths unique). */
const SLUG_MAX = 50;
/** Longest file name kept from a user's original name, extension included. */
const NAME_MAX = 100;

/** `2025-03-14` (UTC): the date part of the ZIP's paths and of the download's name. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A title as a path segment every unzip tool and file system accepts: ASCII letters, digits and
 * dashes ('Récolte de maïs 2025' → 'recolte-de-mais-2025'); empty titles fall back.
 */
export function slugify(text: string, fallback = 'conversation', max = SLUG_MAX): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * A user's file name made safe inside a ZIP: no folders ('../', '\'), no characters Windows
 * refuses, no control characters, no leading dots; long names are cut keeping the extension.
 * Null when nothing usable is left.
 */
export function safeFilename(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .map((c) => (c < ' ' || c === '\u007f' || '<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!cleaned) return null;
  if (cleaned.length <= NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, NAME_MAX - extension.length) + extension;
}

/** What the ZIP knows of a stored file when it names it. */
export interface NameableFile {
  id: string;
  kind: string;
  contentType: string;
  /** The nicest name known: the upload's original name, the canvas title, the file's own name. */
  name: string | null;
}

/** `files/<kind>/<id8>-<name>`: the original name when there is one, else `<kind>-<id8>.<ext>`. */
export function filePathInZip(file: NameableFile): string {
  const name = safeFilename(file.name) ?? defaultFilename(file.kind, file.id, file.contentType);
  return `files/${file.kind}/${file.id.slice(0, 8)}-${name}`;
}

/** `conversations/<yyyy-mm-dd>-<slug>-<id8>`, without extension (.md and .json follow). */
export function conversationPathInZip(conversation: { id: string; title: string; createdAt: Date }): string {
  return `conversations/${isoDate(conversation.createdAt)}-${slugify(conversation.title)}-${conversation.id.slice(0, 8)}`;
}

/** `kasa-export-<username>-<yyyy-mm-dd>.zip` (the app's name, lowercased, comes first). */
export function exportDownloadName(appName: string, username: string, date: Date): string {
  return `${slugify(appName, 'kasa')}-export-${slugify(username, 'user', 32)}-${isoDate(date)}.zip`;
}

/**
 * Already-compressed contents (pictures, audio, ZIP-based documents) are stored as they are:
 * deflating them again costs CPU and saves nothing.
 */
export function isCompressedContent(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'image/svg+xml' || type === 'image/bmp')
    return false;
  return (
    type.startsWith('image/') ||
    type.startsWith('audio/') ||
    type.startsWith('video/') ||
    type === 'application/zip' ||
    type === 'application/gzip' ||
    type.startsWith('application/vnd.openxmlformats-officedocument.')
  );
}

/**
 * Makes every path unique within one ZIP (two ids sharing their first 8 characters, in theory):
 * a repeat gets `-2`, `-3`… before its extension.
 */
export class UniquePaths {
  private readonly taken = new Set<string>();

  claim(path: string): string {
    let candidate = path;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) {
      const slash = path.lastIndexOf('/');
      const dot = path.lastIndexOf('.');
      candidate = dot > slash + 1 ? `${path.slice(0, dot)}-${n}${path.slice(dot)}` : `${path}-${n}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
