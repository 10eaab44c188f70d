// The layers a phone user opens over a page (the chat's sidebar drawer, full-screen dialogs) as
// browser history entries, so that Android's Back closes the top layer instead of leaving the page
// (docs/product.md#back-and-escape-on-phones, docs/architecture.md#layers-and-browser-history).
//
// Each open layer has one entry of its own, pushed over the page's entry with the same URL and the
// router's state (React Router keeps `usr`, `key` and `idx` in history.state: a copy keeps its
// location and index unchanged). Back (popstate) closes every layer whose entry is above the entry
// landed on; a layer closed by its own button, Escape or backdrop takes its entry back with one
// history.back(). An entry whose layer is no longer open (the router navigated over it, the page
// was reloaded) is stepped over, in the direction the user was going, so it never costs an extra Back.

/** The marker in a layer entry's history.state. */
const LAYER_KEY = 'kasaLayer';
/** A page entry's position: its router index apart, so layer entries fit between two pages. */
const PAGE_STRIDE = 1000;
/** A traversal whose popstate never came (a browser that ignored it) stops holding new layers back. */
const POP_TIMEOUT_MS = 1000;

interface LayerMarker {
  id: string;
  position: number;
}

export interface LayerHandle {
  readonly id: string;
  /** Asks the layer's owner to close it (Back or Escape). */
  readonly close: () => void;
  readonly closeOnEscape: boolean;
  /** Its entry's position once pushed. */
  position?: number;
}

/** Ids unique across reloads: an entry left by an earlier page load is never taken for an open layer's. */
const pageLoadId = Math.random().toString(36).slice(2);
let nextId = 0;
const stack: LayerHandle[] = [];
let installed = false;
/** Our history.back()/forward() calls whose popstate has not come yet: new entries wait for them. */
let pendingPops = 0;
let pendingTimer: ReturnType<typeof setTimeout> | undefined;
/** The position of the entry last seen, to tell Back from Forward when stepping over a left entry. */
let lastPosition = 0;

function markerOf(state: unknown): LayerMarker | null {
  const marker = (state as Record<string, unknown> | null)?.[LAYER_KEY] as LayerMarker | undefined;
  return marker && typeof marker.id === 'string' && typeof marker.position === 'number' ? marker : null;
}

function positionOf(state: unknown): number {
  const marker = markerOf(state);
  if (marker) return marker.position;
  const index = (state as { idx?: unknown } | null)?.idx;
  return (typeof index === 'number' ? index : 0) * PAGE_STRIDE;
}

function traverse(delta: -1 | 1) {
  pendingPops += 1;
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(() => {
    pendingPops = 0;
    pushWaitingEntries();
  }, POP_TIMEOUT_MS);
  window.history.go(delta);
}

/** Layers opened while a traversal was on its way get their entries once it has landed. */
function pushWaitingEntries() {
  if (pendingPops > 0) return;
  for (const layer of stack) {
    if (layer.position !== undefined) continue;
    const position = positionOf(window.history.state) + 1;
    const state = (window.history.state as Record<string, unknown> | null) ?? {};
    window.history.pushState({ ...state, [LAYER_KEY]: { id: layer.id, position } }, '');
    layer.position = position;
    lastPosition = position;
  }
}

function onPopState(event: PopStateEvent) {
  if (pendingPops > 0) {
    pendingPops -= 1;
    if (pendingPops === 0) clearTimeout(pendingTimer);
  }
  const landed = positionOf(event.state);
  const cameBack = landed <= lastPosition;
  lastPosition = landed;
  // Every layer whose entry is above the one landed on closes, the top one first.
  for (let at = stack.length - 1; at >= 0; at -= 1) {
    const layer = stack[at];
    if (layer.position === undefined || layer.position <= landed) continue;
    stack.splice(at, 1);
    layer.close();
  }
  const marker = markerOf(event.state);
  if (marker && !stack.some((layer) => layer.id === marker.id)) {
    traverse(cameBack ? -1 : 1);
    return;
  }
  pushWaitingEntries();
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = stack.at(-1);
  // A layer that handles Escape itself (MUI's Dialog) is left to do it: only the top layer closes.
  if (top?.closeOnEscape) top.close();
}

/** Listens to Back and Escape (once per page) and steps off an entry a reload left behind. */
export function installLayerHistory() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', onPopState);
  window.addEventListener('keydown', onKeyDown);
  lastPosition = positionOf(window.history.state);
  // Reloaded with a layer open: no layer is open now, so its entry would be a dead Back.
  if (markerOf(window.history.state)) traverse(-1);
}

/** A layer opened: its history entry is pushed (at once, or once a pending Back has landed). */
export function openLayer(close: () => void, closeOnEscape: boolean): LayerHandle {
  installLayerHistory();
  const layer: LayerHandle = { id: `${pageLoadId}-${(nextId += 1)}`, close, closeOnEscape };
  stack.push(layer);
  pushWaitingEntries();
  return layer;
}

/**
 * A layer closed by its own means (button, Escape, backdrop, unmount): its entry goes with one
 * history.back() when it is the current entry. A layer Back closed is already off the stack, so
 * this does nothing then (no loop); an entry the router navigated over is stepped over later.
 */
export function closeLayer(layer: LayerHandle) {
  const at = stack.indexOf(layer);
  if (at < 0) return;
  stack.splice(at, 1);
  if (layer.position !== undefined && markerOf(window.history.state)?.id === layer.id) traverse(-1);
  // The router may have navigated over the entry: the current one is where Back and Forward start from.
  else lastPosition = positionOf(window.history.state);
}
