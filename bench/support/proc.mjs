// Process figures from /proc (Linux): resident memory and CPU time of one process, and the CPU
// time of every process with a given command name (PostgreSQL's backends are one process each).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS = 100;

export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name is in parentheses and may hold spaces: count fields after its ')'.
  return {
    name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    fields: text.slice(text.lastIndexOf(')') + 2).split(' '),
  };
}

/** The process's CPU time so far (user + system), in ms (10 ms resolution). */
export function cpuMs(pid) {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/** The process's CPU time so far in user space and in the kernel (system calls, loopback TCP), in ms. */
export function cpuSplitMs(pid) {
  try {
    const { fields } = stat(pid);
    return {
      user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
      system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
    };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** CPU time so far (user + system, in ms) of the live processes named `name`, e.g. 'postgres'. */
export function cpuMsByName(name) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { name: processName, fields } = stat(entry);
      if (processName === name) total += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended meanwhile */
    }
  }
  return (total * 1000) / CLOCK_TICKS;
}

/**
 * The pids of `pid` and its children (an API primary and its API_PROCESSES workers), without the
 * embedded PostgreSQL the primary starts (cpuMsByName('postgres') counts that one).
 */
export function processTree(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    const kept = children
      ? children
          .split(' ')
          .map(Number)
          .filter((child) => !isPostgres(child))
      : [];
    return [pid, ...kept.flatMap(processTree)];
  } catch {
    return [pid];
  }
}

function isPostgres(pid) {
  try {
    return stat(pid).name === 'postgres';
  } catch {
    return false;
  }
}

/** cpuSplitMs summed over `pid` and its children: the whole API however many processes it runs. */
export function cpuSplitMsTree(pid) {
  const total = { user: 0, system: 0 };
  for (const each of processTree(pid)) {
    const { user, system } = cpuSplitMs(each);
    if (Number.isFinite(user)) total.user += user;
    if (Number.isFinite(system)) total.system += system;
  }
  return total;
}

/** cpuMs over `pid` and its children. */
export function cpuMsTree(pid) {
  const { user, system } = cpuSplitMsTree(pid);
  return user + system;
}

/** rssMb summed over `pid` and its children (the primary and every API process). */
export function rssMbTree(pid) {
  return processTree(pid).reduce((total, each) => total + rssMb(each), 0);
}
