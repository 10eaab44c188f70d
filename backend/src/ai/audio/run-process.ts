import { spawn } from 'node:child_process';

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
}

/** A child process that exited with a non-zero code, was killed, or could not start. */
export class ProcessFailedError extends Error {
  override readonly name = 'ProcessFailedError';
  constructor(
    message: string,
    /** The end of what the process wrote on stderr, for the logs. */
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface RunProcessOptions {
  /** Written to the process's stdin, which is then closed. */
  input?: Buffer | string;
  /** Killed (SIGKILL) after this long. */
  timeoutMs?: number;
}

/**
 * Runs a program without a shell (arguments are never parsed, so user text cannot inject
 * anything) and collects its output. Rejects with ProcessFailedError on failure.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  { input, timeoutMs = 60_000 }: RunProcessOptions = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end matters for a diagnosis, and ffmpeg can be verbose.
      stderr = (stderr + chunk.toString('utf8')).slice(-8_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProcessFailedError(`${command} could not start: ${error.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else {
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        reject(
          new ProcessFailedError(
            `${command} ${how}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
            stderr,
          ),
        );
      }
    });
    // A process that exits before reading all its input closes the pipe: that is its exit code's story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
