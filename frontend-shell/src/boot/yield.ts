/**
 * Ends the current task and resumes in a new one, so that input and painting can run in between:
 * scheduler.yield() where the browser has it (its continuation runs ahead of other queued tasks),
 * else a zero-delay timeout. The shell's start-up (src/bootstrap.tsx) evaluates its modules in
 * such slices instead of one long task (bench/README.md, "Main-thread time (Lighthouse)").
 */
export function nextTask(win: Window = window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}

/**
 * Resolves in a task after the next frame has been painted (requestAnimationFrame, then a task), so
 * that index.html's first screen is on screen before the shell's scripts start to evaluate. A hidden
 * page paints no frames: there a plain task boundary is enough.
 */
export function afterNextPaint(win: Window = window): Promise<void> {
  if (win.document.visibilityState === 'hidden' || typeof win.requestAnimationFrame !== 'function') {
    return nextTask(win);
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    win.requestAnimationFrame(() => win.setTimeout(finish, 0));
    // A page hidden after the check above gets no frame: do not wait for one for long.
    win.setTimeout(finish, 200);
  });
}
