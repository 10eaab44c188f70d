import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';

/** The names PostgreSQL's server runs under (postmaster is the old name some packages still link). */
const SERVER_NAMES = new Set(['postgres', 'postmaster']);

export interface PostmasterCheck {
  /** True only when `pid` is shown to be the PostgreSQL server of the data folder. */
  proven: boolean;
  /** Why not, for the log. */
  reason?: string;
}

function readProc(pid: number, entry: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${entry}`, 'utf8');
  } catch {
    return undefined;
  }
}

function resolved(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The data folder a postgres command line names: `-D dir`, `-Ddir`, `--pgdata=dir` or `--pgdata dir`. */
function dataDirArgument(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-D' || arg === '--pgdata') return argv[i + 1];
    if (arg.startsWith('--pgdata=')) return arg.slice('--pgdata='.length);
    if (arg.startsWith('-D') && arg.length > 2) return arg.slice(2);
  }
  return undefined;
}

/**
 * Whether the process `pid` (named by a postmaster.pid found at start) is the PostgreSQL server
 * of `dataDir`. PIDs are reused after a crash or a container restart, so a stale postmaster.pid
 * may name anything, including a process of another user's: only a process whose executable is
 * postgres (or postmaster) and whose data folder (its -D argument, else its working directory,
 * where PostgreSQL changes to, else PGDATA in its environment) is `dataDir` counts. Anything that
 * cannot be read (no /proc, no permission) proves nothing.
 */
export function checkPostmasterProcess(pid: number, dataDir: string): PostmasterCheck {
  const cmdline = readProc(pid, 'cmdline');
  if (cmdline === undefined) return { proven: false, reason: 'its command line cannot be read' };
  const argv = cmdline.replace(/\0$/, '').split('\0');
  let executable: string | undefined;
  try {
    executable = basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    executable = undefined;
  }
  const program = basename(argv[0] ?? '');
  if (!SERVER_NAMES.has(program) && !(executable && SERVER_NAMES.has(executable)))
    return { proven: false, reason: `it runs ${JSON.stringify(argv.join(' ').slice(0, 200))}` };

  const wanted = resolved(dataDir);
  if (!wanted) return { proven: false, reason: `${dataDir} cannot be resolved` };
  const argument = dataDirArgument(argv);
  if (argument !== undefined) {
    let cwd: string | undefined;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    // A relative -D is relative to where it was started, which PostgreSQL has left since: the
    // working directory (the data folder itself) decides then.
    const named = argument.startsWith('/') ? resolved(argument) : cwd;
    return named === wanted
      ? { proven: true }
      : { proven: false, reason: `it serves another data folder (${argument})` };
  }
  try {
    if (resolved(readlinkSync(`/proc/${pid}/cwd`)) === wanted) return { proven: true };
  } catch {
    // Unreadable: the environment may still tell.
  }
  const pgdata = readProc(pid, 'environ')
    ?.split('\0')
    .find((entry) => entry.startsWith('PGDATA='))
    ?.slice('PGDATA='.length);
  if (pgdata && resolved(pgdata) === wanted) return { proven: true };
  return { proven: false, reason: 'its data folder is not this one' };
}
