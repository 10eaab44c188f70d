// Back closes the layer (docs/product.md#back-and-escape-on-phones): a drawer or a dialog calls it
// with its open state and its close function; layer-history.ts keeps one history entry per open layer.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { closeLayer, installLayerHistory, openLayer } from './layer-history';

export interface BackClosesOptions {
  /**
   * Escape closes the layer too, when it is the top one. Off for MUI's Dialog, whose own Escape
   * handling already closes it through the same onClose.
   */
  closeOnEscape?: boolean;
}

/** While `open`, Back (and, when asked, Escape) calls `onClose` instead of leaving the page. */
export function useBackCloses(
  open: boolean,
  onClose: () => void,
  { closeOnEscape = false }: BackClosesOptions = {},
) {
  const latestClose = useRef(onClose);
  useLayoutEffect(() => {
    latestClose.current = onClose;
  });
  // Listening from the first render on: a page reloaded with a layer open steps off its entry.
  useEffect(installLayerHistory, []);
  useEffect(() => {
    if (!open) return;
    const layer = openLayer(() => latestClose.current(), closeOnEscape);
    return () => closeLayer(layer);
  }, [open, closeOnEscape]);
}
