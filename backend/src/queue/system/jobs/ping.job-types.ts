/** Queue for the platform's own jobs (health probes, housekeeping). */
export const SYSTEM_QUEUE = 'system';
export const PING_JOB = 'system.ping';

export interface PingJobData {
  sentAt: number;
}

export interface PingJobResult {
  pong: true;
  sentAt: number;
  processedBy: number;
}

declare module '../../job-map' {
  interface JobMap {
    'system.ping': { payload: PingJobData; result: PingJobResult };
  }
}
