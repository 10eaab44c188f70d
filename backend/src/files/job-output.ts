import { createHash, randomUUID } from 'node:crypto';

/**
 * The id of the file a job stores as its output (`name` tells outputs of one job apart): derived
 * from the job's key (queue/on-job.decorator.ts JobContext), the same on every run of the job, so
 * that a re-run stores over the first run's file instead of adding a second one
 * (FilesService.store with `id`). A job without a key gets a new id. UUID-shaped (version 8, a
 * name-based layout of our own), as every file id.
 */
export function jobOutputFileId(jobKey: string | undefined, name = 'output'): string {
  if (!jobKey) return randomUUID();
  const hex = createHash('sha256').update(`kasa-job-output:${jobKey}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
