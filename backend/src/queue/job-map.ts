/**
 * Every job the queues know, by name: its payload and its result. A feature adds its jobs where
 * it defines them, by declaration merging, so producers and handlers are typed from one place:
 *
 *   declare module '../../queue/job-map' {
 *     interface JobMap {
 *       'media.generate': { payload: GenerateImageJob; result: GeneratedImage };
 *     }
 *   }
 *
 * A job's name is '<queue>.<job>': the part before the first dot names the BullMQ queue it goes
 * to, so a producer (which may run no handler at all) knows the queue from the name alone.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobMap {}

export interface JobDefinition {
  payload: object;
  result: unknown;
}

export type JobName = keyof JobMap & `${string}.${string}`;
export type JobPayload<Name extends JobName> = JobMap[Name] extends JobDefinition
  ? JobMap[Name]['payload']
  : never;
export type JobResult<Name extends JobName> = JobMap[Name] extends JobDefinition
  ? JobMap[Name]['result']
  : never;

/** The BullMQ queue of a job: the part of its name before the first dot. */
export function queueOfJob(name: string): string {
  const dot = name.indexOf('.');
  if (dot <= 0 || dot === name.length - 1) throw new Error(`A job name is '<queue>.<job>', not '${name}'.`);
  return name.slice(0, dot);
}
