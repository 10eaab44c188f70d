import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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

/** util-linux's setpriv, whose --pdeathsig (util-linux 2.33+) makes a child die with its parent. */
export const SETPRIV_PATH = '/usr/bin/setpriv';
let setprivChecked: boolean | undefined;

/** Whether setpriv is here and knows --pdeathsig (asked once, by running it). */
function pdeathsigAvailable(): boolean {
  if (setprivChecked === undefined) {
    setprivChecked =
      existsSync(SETPRIV_PATH) &&
      spawnSync(SETPRIV_PATH, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 })
        .status === 0;
    if (!setprivChecked)
      new Logger('runProcess').warn(
        `${SETPRIV_PATH} --pdeathsig is missing (Debian util-linux): a child program outlives a process killed with SIGKILL until its own timeout.`,
      );
  }
  return setprivChecked;
}

/**
 * The command line that runs `command` under `limit` (prlimit execs it: same process, same pid),
 * with SIGKILL as its parent-death signal (setpriv execs it too): when the process that started
 * it dies, even by SIGKILL, the kernel kills it, so no program of a killed worker runs on.
 */
export function limited(command: string, args: readonly string[], limit?: MemoryLimit): [string, string[]] {
  let argv = [command, ...args];
  if (limit && prlimitAvailable()) {
    const option = limit.kind === 'data' ? '--data' : '--as';
    argv = [PRLIMIT_PATH, `${option}=${Math.floor(limit.bytes)}`, '--', ...argv];
  }
  if (pdeathsigAvailable()) argv = [SETPRIV_PATH, '--pdeathsig', 'KILL', '--', ...argv];
  const [program, ...programArgs] = argv;
  return [program, programArgs];
}

/** The process groups of the children running now, killed if this process exits first. */
const running = new Set<number>();

/** Kills a child's whole process group (it leads one: spawned detached), whatever it started. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

let exitHooked = false;
/** On exit (an uncaught error, process.exit) the children go too; on SIGKILL, --pdeathsig sees to it. */
function killChildrenOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const group of running) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
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
    // detached: the child leads a process group of its own, so a timeout kills whatever it
    // started too, and a Ctrl-C meant for Kasa reaches Kasa, which ends its jobs in order.
    const child = spawn(program, programArgs, {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      ...(env ? { env: { ...process.env, ...env } } : {}),
    });
    if (child.pid !== undefined) {
      killChildrenOnExit();
      running.add(child.pid);
    }
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end matters for a diagnosis, and ffmpeg can be verbose.
      stderr = (stderr + chunk.toString('utf8')).slice(-8_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      reject(new ProcessFailedError(`${command} could not start: ${error.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else if (
        program !== command &&
        (code === 126 || code === 127) &&
        /^(prlimit|setpriv): failed to execute/m.test(stderr)
      )
        // prlimit or setpriv started, the program did not: the same failure as spawning it directly.
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
