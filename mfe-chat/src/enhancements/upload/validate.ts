// What the upload dialog checks before sending anything: every file's type (by its declared type or
// its extension: phones often declare none) and size. The server decides the type by the content.
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@kasa/contracts';

/** The file input's `accept`: the types and the extensions. */
export const UPLOAD_ACCEPT = [...UPLOAD_MIME_TYPES, ...UPLOAD_EXTENSIONS.map((e) => `.${e}`)].join(',');

export type FileProblem = { kind: 'type' | 'size'; file: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedType(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) ||
    (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  );
}

/** Every problem of every file, in order (the type first: a wrong type says nothing of the size). */
export function checkFiles(files: ReadonlyArray<Pick<File, 'name' | 'type' | 'size'>>): FileProblem[] {
  const problems: FileProblem[] = [];
  for (const file of files) {
    if (!isAllowedType(file)) problems.push({ kind: 'type', file: file.name });
    else if (file.size > UPLOAD_MAX_BYTES) problems.push({ kind: 'size', file: file.name });
  }
  return problems;
}
