import { UPLOAD_EXTENSIONS, UPLOAD_MIME_TYPES, type UploadMimeType } from '@kasa/contracts';

/** The name an upload without one (or with nothing printable in it) is known by. */
export const UNNAMED_FILE = 'file';
const NAME_MAX_LENGTH = 255;

/**
 * Characters removed from names: C0 and C1 controls and DEL; the bidirectional embeddings,
 * overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), with
 * which 'photo‮gpj.exe' shows as 'photoexe.jpg'; and the invisible ones (zero-width space, joiner
 * and non-joiner U+200B-U+200D, word joiner U+2060 and the invisible operators after it, the BOM
 * U+FEFF), with which two different names look the same. Removing them is the point.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** Half of a UTF-16 surrogate pair without the other half (PostgreSQL cannot store it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** An extension: after the last dot (not a leading one), with at least one letter ('v1.2' has none). */
const EXTENSION = /^(.*[^.])\.([a-z0-9]*[a-z][a-z0-9]*)$/i;

/**
 * Declared types that say nothing: what a browser sends for a file it has no type for, and what
 * busboy reports for a part without a Content-Type.
 */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
/**
 * Other names clients give the allowed types: image/jpg and image/pjpeg (old browsers), the CSV
 * variants, and application/vnd.ms-excel, the type Windows browsers declare for every .csv file
 * when Excel is installed (the bytes still decide: a real Excel file is refused).
 */
const DECLARED_ALIASES = new Set([
  'image/jpg',
  'image/pjpeg',
  'text/x-csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'text/json',
]);

/** The extensions of each type, the first one given to a name that has none of them. */
const EXTENSIONS_OF: Record<UploadMimeType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  // The bytes cannot always tell plain text from CSV or JSON (one column; JSON too large to
  // parse): a text file keeps any of the three text extensions it was given.
  'text/plain': ['txt', 'csv', 'json'],
  'text/csv': ['csv', 'txt', 'json'],
  'application/json': ['json', 'txt', 'csv'],
};

/** The name as shown and stored: hidden characters removed, trimmed, at most 255 characters. */
export function cleanUploadName(name: string): string {
  const cleaned = name.replace(HIDDEN_CHARACTERS, '').replace(LONE_SURROGATE, '').trim();
  return cleaned.slice(0, NAME_MAX_LENGTH).replace(LONE_SURROGATE, '').trim() || UNNAMED_FILE;
}

/** The name's extension in lower case ('' when it has none). */
export function extensionOf(name: string): string {
  return EXTENSION.exec(name)?.[2].toLowerCase() ?? '';
}

/** No extension, or one of the allowed (UPLOAD_EXTENSIONS). */
export function hasAllowedExtension(name: string): boolean {
  const extension = extensionOf(name);
  return !extension || (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** No declared type (or an empty one), an allowed type, or one of its usual other names. */
export function isAllowedDeclaredType(declared: string | undefined): boolean {
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  return (
    UNDECLARED.has(type) ||
    DECLARED_ALIASES.has(type) ||
    (UPLOAD_MIME_TYPES as readonly string[]).includes(type)
  );
}

/**
 * The name with the extension of the type its bytes showed: kept when it already is one of that
 * type's, replaced when it is another ('photo.jpg' of a PNG is 'photo.png'), added when there is
 * none ('notes' of a CSV is 'notes.csv'), within 255 characters.
 */
export function nameForType(name: string, type: UploadMimeType): string {
  const extensions = EXTENSIONS_OF[type];
  const match = EXTENSION.exec(name);
  if (match && extensions.includes(match[2].toLowerCase())) return name;
  const base = match ? match[1] : name;
  const extension = `.${extensions[0]}`;
  return `${base.slice(0, NAME_MAX_LENGTH - extension.length).replace(LONE_SURROGATE, '')}${extension}`;
}
