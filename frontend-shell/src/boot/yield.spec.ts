import { afterNextPaint, nextTask } from './yield';

describe('nextTask', () => {
  it('uses scheduler.yield when the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    const win = { scheduler: { yield: yieldFn }, setTimeout: jest.fn() } as unknown as Window;
    await nextTask(win);
    expect(yieldFn).toHaveBeenCalledTimes(1);
    expect(win.setTimeout).not.toHaveBeenCalled();
  });

  it('falls back to a zero-delay timeout: the continuation runs in a later task', async () => {
    const order: string[] = [];
    const done = nextTask(window).then(() => order.push('continued'));
    await Promise.resolve();
    order.push('same task');
    await done;
    expect(order).toEqual(['same task', 'continued']);
  });
});

describe('afterNextPaint', () => {
  it('resolves in a task after the next animation frame', async () => {
    const frames: FrameRequestCallback[] = [];
    const timeouts: Array<{ fn: () => void; delay: number }> = [];
    const win = {
      document: { visibilityState: 'visible' },
      requestAnimationFrame: (fn: FrameRequestCallback) => frames.push(fn),
      setTimeout: (fn: () => void, delay: number) => timeouts.push({ fn, delay }),
    } as unknown as Window;
    let resolved = false;
    const done = afterNextPaint(win).then(() => (resolved = true));
    expect(frames).toHaveLength(1);
    frames[0](0);
    const afterFrame = timeouts.find((t) => t.delay === 0);
    expect(afterFrame).toBeDefined();
    await Promise.resolve();
    expect(resolved).toBe(false);
    afterFrame?.fn();
    await done;
    expect(resolved).toBe(true);
  });

  it('does not wait for a frame on a hidden page', async () => {
    const raf = jest.fn();
    const win = {
      document: { visibilityState: 'hidden' },
      requestAnimationFrame: raf,
      setTimeout: (fn: () => void) => fn(),
    } as unknown as Window;
    await afterNextPaint(win);
    expect(raf).not.toHaveBeenCalled();
  });
});
