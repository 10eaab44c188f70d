// Download progress: one bar redrawn in place on a terminal; in a log (CI, nohup, a pipe), one
// line every 10 % so the log stays short.

const BAR_WIDTH = 24;
const REDRAW_EVERY_MS = 200;

export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** A size as an operator reads it: 1.1 GB, 640.0 MB. */
export function humanSize(bytes) {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${megabytes(bytes)} MB`;
}

function duration(seconds) {
  if (!Number.isFinite(seconds)) return '--';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes ? `${minutes}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

/**
 * @param {{ total: number, out?: NodeJS.WriteStream }} options
 * @returns {{ update(saved: number): void, restart(saved: number): void, finish(): void }}
 */
export function createProgress({ total, out = process.stdout }) {
  const interactive = Boolean(out.isTTY);
  // Speed and time left count this run's bytes only, not those saved by an earlier run.
  let sessionStart = { at: Date.now(), saved: 0 };
  let lastDrawAt = 0;
  let lastTenth = -1;
  let drawn = false;

  function line(saved) {
    const fraction = total ? Math.min(1, saved / total) : 1;
    const seconds = (Date.now() - sessionStart.at) / 1000;
    const speed = seconds > 0 ? (saved - sessionStart.saved) / seconds : 0;
    const left = speed > 0 ? (total - saved) / speed : Infinity;
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
    return `${bar} ${percent}  ${megabytes(saved)} / ${megabytes(total)} MB  ${megabytes(speed)} MB/s  ETA ${duration(left)}`;
  }

  return {
    update(saved) {
      if (interactive) {
        const now = Date.now();
        if (now - lastDrawAt < REDRAW_EVERY_MS && saved < total) return;
        lastDrawAt = now;
        out.write(`\r${line(saved)}\x1b[K`);
        drawn = true;
        return;
      }
      const tenth = Math.floor((saved / total) * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      out.write(`${String(tenth * 10).padStart(3)}%  ${megabytes(saved)} / ${megabytes(total)} MB\n`);
    },
    /** After a reconnection or a start over: speed and the 10 % steps count from here. */
    restart(saved) {
      sessionStart = { at: Date.now(), saved };
      if (Math.floor((saved / total) * 10) < lastTenth) lastTenth = -1;
    },
    /** Ends the redrawn line so the next message starts on its own. */
    finish() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
