import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
}

/** How a failed process ended, for callers that tell a timeout or a crash from a refusal. */
export interface ProcessEnding {
  /** Killed because it ran past `timeoutMs`. */
  timedOut: boolean;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process that exited with a non-zero code, was killed, or could not start. */
export class ProcessFailedError extends Error {
  override readonly name = 'ProcessFailedError';
  constructor(
    message: string,
    /** The end of what the process wrote on stderr, for the logs. */
    readonly stderr: string,
    /** Absent when the process could not start. */
    readonly ending?: ProcessEnding,
  ) {
    super(message);
  }
}

/**
 * A hard memory ceiling, set by util-linux's prlimit before the program starts (no shell).
 * 'address-space' (RLIMIT_AS) caps everything the program maps: right for native programs.
 * 'data' (RLIMIT_DATA) caps what it writes to (heap, buffers): right for Node, whose V8 and
 * WebAssembly reserve gigabytes of address space they never touch (RLIMIT_AS would stop them at
 * start), while its ArrayBuffers, which --max-old-space-size does not count, are capped.
 */
export interface MemoryLimit {
  bytes: number;
  kind: 'address-space' | 'data';
}

export interface RunProcessOptions {
  /** Written to the process's stdin, which is then closed. */
  input?: Buffer | string;
  /** Killed (SIGKILL) after this long. */
  timeoutMs?: number;
  /** Added to the parent's environment. */
  env?: Record<string, string>;
  /** Runs it under prlimit; without prlimit on the machine it runs without (logged once). */
  memoryLimit?: MemoryLimit;
}

/** util-linux's prlimit (Debian installs it with util-linux, which every system has). */
export const PRLIMIT_PATH = '/usr/bin/prlimit';
let prlimitChecked: boolean | undefined;

function prlimitAvailable(): boolean {
  if (prlimitChecked === undefined) {
    prlimitChecked = existsSync(PRLIMIT_PATH);
    if (!prlimitChecked)
      new Logger('runProcess').warn(
        `${PRLIMIT_PATH} is missing (Debian util-linux): child programs run with their timeout but without a memory limit.`,
      );
  }
  return prlimitChecked;
}

/** The command line that runs `command` under `limit` (prlimit execs it: same process, same pid). */
function limited(command: string, args: readonly string[], limit?: MemoryLimit): [string, string[]] {
  if (!limit || !prlimitAvailable()) return [command, [...args]];
  const option = limit.kind === 'data' ? '--data' : '--as';
  return [PRLIMIT_PATH, [`${option}=${Math.floor(limit.bytes)}`, '--', command, ...args]];
}

/**
 * Runs a program without a shell (arguments are never parsed, so user text cannot inject
 * anything) and collects its output. Rejects with ProcessFailedError on failure.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  { input, timeoutMs = 60_000, env, memoryLimit }: RunProcessOptions = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const [program, programArgs] = limited(command, args, memoryLimit);
    const child = spawn(program, programArgs, {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(env ? { env: { ...process.env, ...env } } : {}),
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
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
      else if (
        program !== command &&
        (code === 126 || code === 127) &&
        /^prlimit: failed to execute/m.test(stderr)
      )
        // prlimit started, the program did not: the same failure as spawning it directly.
        reject(
          new ProcessFailedError(
            `${command} could not start: spawn ${command} ${code === 127 ? 'ENOENT' : 'EACCES'}`,
            stderr,
          ),
        );
      else {
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        reject(
          new ProcessFailedError(
            `${command} ${how}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
            stderr,
            { timedOut, exitCode: code, signal },
          ),
        );
      }
    });
    // A process that exits before reading all its input closes the pipe: that is its exit code's story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
