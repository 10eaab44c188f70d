// The model hub's two addresses (Hugging Face's, or a mirror speaking the same paths): the file
// listing that publishes each large file's SHA-256 and size, and the file itself.

export const defaultHubUrl = 'https://huggingface.co';

/** A failure worth one line to the operator; the command exits with it, without a stack. */
export class PullError extends Error {}

export function hubUrl(env = process.env) {
  return (env.MODEL_HUB_URL || defaultHubUrl).replace(/\/+$/, '');
}

export function fileUrl(hub, repo, file) {
  return `${hub}/${repo}/resolve/main/${encodeURIComponent(file)}`;
}

/**
 * The file's published SHA-256 and size, from the repository's listing. A file the hub lists
 * without them cannot be checked, so it is refused.
 * @returns {Promise<{ sha256: string, size: number }>}
 */
export async function publishedFile(hub, repo, file) {
  const listingUrl = `${hub}/api/models/${repo}/tree/main`;
  let response;
  try {
    response = await fetch(listingUrl, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new PullError(`Cannot reach the model hub at ${hub} (${causeOf(error)}).`);
  }
  if (!response.ok)
    throw new PullError(
      `The model hub answered ${response.status} for the file list of ${repo} (${listingUrl}).`,
    );
  let entries;
  try {
    entries = await response.json();
  } catch {
    throw new PullError(`The model hub's file list of ${repo} is not JSON (${listingUrl}).`);
  }
  const entry = Array.isArray(entries) ? entries.find((candidate) => candidate?.path === file) : undefined;
  if (!entry) throw new PullError(`The model hub does not list ${file} in ${repo} (${listingUrl}).`);
  const sha256 = entry.lfs?.oid;
  const size = entry.lfs?.size;
  if (
    typeof sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(sha256) ||
    !Number.isSafeInteger(size) ||
    size <= 0
  )
    throw new PullError(
      `The model hub publishes no SHA-256 and size for ${file} in ${repo}, so the download could not be checked: nothing was downloaded.`,
    );
  return { sha256: sha256.toLowerCase(), size };
}

/** fetch's own message hides the network's reason in `cause`. */
export function causeOf(error) {
  const cause = error?.cause;
  return cause?.code ?? cause?.message ?? error?.message ?? String(error);
}
