import {
  canRedo,
  canUndo,
  canvasSizeFrom,
  currentSnapshot,
  HISTORY_CAP,
  pushSnapshot,
  redo,
  sizeOrDefault,
  startHistory,
  toCanvasPoint,
  undo,
} from './canvas-helpers';

describe('canvas size', () => {
  test('a whole number within the limits is kept', () => {
    expect(canvasSizeFrom('1024', '768')).toEqual({ width: 1024, height: 768 });
    expect(canvasSizeFrom(200, 200)).toEqual({ width: 200, height: 200 });
    expect(canvasSizeFrom(' 2000 ', '1500')).toEqual({ width: 2000, height: 1500 });
  });

  test('bad input falls back to the default, each field on its own', () => {
    expect(canvasSizeFrom('199', '600')).toEqual({ width: 800, height: 600 });
    expect(canvasSizeFrom('2001', '1501')).toEqual({ width: 800, height: 600 });
    expect(canvasSizeFrom('', 'abc')).toEqual({ width: 800, height: 600 });
    expect(canvasSizeFrom('640.5', '-300')).toEqual({ width: 800, height: 600 });
    expect(canvasSizeFrom('1e3', '400')).toEqual({ width: 800, height: 400 });
    expect(sizeOrDefault('50', 10, 100, 7)).toBe(50);
    expect(sizeOrDefault('5', 10, 100, 7)).toBe(7);
  });
});

describe('toCanvasPoint', () => {
  test('scales the on-screen offset to the canvas pixels (an 800 px canvas shown 320 px wide)', () => {
    const rect = { left: 20, top: 100, width: 320, height: 240 };
    expect(toCanvasPoint(20, 100, rect, { width: 800, height: 600 })).toEqual({ x: 0, y: 0 });
    expect(toCanvasPoint(180, 220, rect, { width: 800, height: 600 })).toEqual({ x: 400, y: 300 });
    expect(toCanvasPoint(340, 340, rect, { width: 800, height: 600 })).toEqual({ x: 800, y: 600 });
  });

  test('unscaled when shown at its own size; a zero-sized box does not divide by zero', () => {
    const rect = { left: 0, top: 0, width: 600, height: 600 };
    expect(toCanvasPoint(12, 34, rect, { width: 600, height: 600 })).toEqual({ x: 12, y: 34 });
    expect(
      toCanvasPoint(5, 6, { left: 0, top: 0, width: 0, height: 0 }, { width: 600, height: 600 }),
    ).toEqual({
      x: 5,
      y: 6,
    });
  });
});

describe('history', () => {
  test('undo and redo walk the snapshots; nothing to undo at the start, nothing to redo at the end', () => {
    let h = startHistory('blank');
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = pushSnapshot(h, 'one');
    h = pushSnapshot(h, 'two');
    expect(currentSnapshot(h)).toBe('two');
    h = undo(h);
    expect(currentSnapshot(h)).toBe('one');
    expect(canRedo(h)).toBe(true);
    h = undo(h);
    expect(currentSnapshot(h)).toBe('blank');
    expect(canUndo(h)).toBe(false);
    h = redo(redo(h));
    expect(currentSnapshot(h)).toBe('two');
    expect(redo(h)).toBe(h);
  });

  test('a new snapshot after an undo drops the redo branch', () => {
    let h = pushSnapshot(pushSnapshot(startHistory('blank'), 'one'), 'two');
    h = pushSnapshot(undo(h), 'three');
    expect(h.items).toEqual(['blank', 'one', 'three']);
    expect(canRedo(h)).toBe(false);
  });

  test(`keeps at most ${HISTORY_CAP} snapshots, dropping the oldest`, () => {
    let h = startHistory(0);
    for (let i = 1; i <= 40; i++) h = pushSnapshot(h, i);
    expect(h.items).toHaveLength(HISTORY_CAP);
    expect(h.items[0]).toBe(40 - HISTORY_CAP + 1);
    expect(currentSnapshot(h)).toBe(40);
    expect(pushSnapshot(pushSnapshot(startHistory('a'), 'b', 2), 'c', 2).items).toEqual(['b', 'c']);
  });
});
