// The canvas editor's arithmetic, kept apart from the DOM so it can be tested without a 2D context.
import {
  CANVAS_DEFAULT_HEIGHT,
  CANVAS_DEFAULT_WIDTH,
  CANVAS_MAX_HEIGHT,
  CANVAS_MAX_WIDTH,
  CANVAS_MIN_HEIGHT,
  CANVAS_MIN_WIDTH,
} from '@kasa/contracts';

export interface CanvasSize {
  width: number;
  height: number;
}

/** A whole number of pixels within [min, max]; anything else (blank, text, out of range) is the default. */
export function sizeOrDefault(input: string | number, min: number, max: number, fallback: number): number {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return fallback;
  const value = Number(text);
  return value >= min && value <= max ? value : fallback;
}

/** The size the width and height fields ask for; each bad field falls back to its own default. */
export function canvasSizeFrom(width: string | number, height: string | number): CanvasSize {
  return {
    width: sizeOrDefault(width, CANVAS_MIN_WIDTH, CANVAS_MAX_WIDTH, CANVAS_DEFAULT_WIDTH),
    height: sizeOrDefault(height, CANVAS_MIN_HEIGHT, CANVAS_MAX_HEIGHT, CANVAS_DEFAULT_HEIGHT),
  };
}

/**
 * A pointer's position in canvas pixels: the canvas is shrunk by CSS to fit the screen (an 800 px
 * canvas on a 360 px phone), so on-screen offsets are scaled back up to its own size.
 */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  size: CanvasSize,
): { x: number; y: number } {
  const scaleX = rect.width > 0 ? size.width / rect.width : 1;
  const scaleY = rect.height > 0 ? size.height / rect.height : 1;
  return { x: (clientX - rect.left) * scaleX, y: (clientY - rect.top) * scaleY };
}

/**
 * Undo/redo over snapshots: `items[index]` is what the canvas shows. A new snapshot drops the redo
 * branch. At most `cap` are kept (the oldest go first): each is a PNG in memory, and phones have little.
 */
export interface History<T> {
  items: readonly T[];
  index: number;
}

export const HISTORY_CAP = 30;

export const startHistory = <T>(first: T): History<T> => ({ items: [first], index: 0 });

export function pushSnapshot<T>(history: History<T>, snapshot: T, cap: number = HISTORY_CAP): History<T> {
  const items = [...history.items.slice(0, history.index + 1), snapshot].slice(-Math.max(1, cap));
  return { items, index: items.length - 1 };
}

export const canUndo = (history: History<unknown>) => history.index > 0;
export const canRedo = (history: History<unknown>) => history.index < history.items.length - 1;

export const undo = <T>(history: History<T>): History<T> =>
  canUndo(history) ? { ...history, index: history.index - 1 } : history;

export const redo = <T>(history: History<T>): History<T> =>
  canRedo(history) ? { ...history, index: history.index + 1 } : history;

export const currentSnapshot = <T>(history: History<T>): T => history.items[history.index];

/** The palette: value and message key of its accessible name. White doubles as the eraser. */
export const CANVAS_COLOURS = [
  { value: '#000000', name: 'colourBlack' },
  { value: '#ffffff', name: 'colourWhite' },
  { value: '#e53935', name: 'colourRed' },
  { value: '#fb8c00', name: 'colourOrange' },
  { value: '#ffd60a', name: 'colourYellow' },
  { value: '#43a047', name: 'colourGreen' },
  { value: '#1e88e5', name: 'colourBlue' },
  { value: '#8e24aa', name: 'colourPurple' },
  { value: '#6d4c41', name: 'colourBrown' },
  { value: '#9e9e9e', name: 'colourGrey' },
] as const;
