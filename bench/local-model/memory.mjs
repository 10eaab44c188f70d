// Peak resident memory from /proc (Linux): of this process, and of the model host, a child the
// adapter forks (it is not handed to the caller, so it is found among this process's children).
import { readdirSync, readFileSync } from 'node:fs';

/** The process's peak resident set (VmHWM) in MB, or NaN when it is gone. */
export function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** The live children of `pid`, whichever of its threads forked them. */
export function childPids(pid) {
  const children = new Set();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of listed ? listed.split(' ') : []) children.add(Number(child));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return [...children];
}

/** The pid of this process's child whose command line names `script`, or undefined. */
export function childRunning(script) {
  return childPids(process.pid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
    } catch {
      return false;
    }
  });
}
