import type { FilesService } from '../../files';

/**
 * The bytes of a stored file, read the way any reader of files does: through a signed link,
 * which the worker makes itself (FilesService shares its key with the API).
 */
export async function readStoredFile(files: FilesService, fileId: string): Promise<Buffer> {
  const link = new URL(files.signedUrl({ id: fileId }, { ttlSeconds: 60 }), 'http://localhost');
  const opened = await files.open({
    fileId,
    expires: link.searchParams.get('expires') ?? '',
    sig: link.searchParams.get('sig') ?? '',
  });
  const chunks: Buffer[] = [];
  for await (const chunk of opened.object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
