import type { ReactElement } from 'react';
import type { Language } from '@kasa/ui';
import { renderRemote } from '@kasa/ui/testing';

/** Renders inside what the shell provides: router, the app's query client, UI kit (language, toasts). */
export function renderInShell(ui: ReactElement, { language = 'en' }: { language?: Language } = {}) {
  // No location probe: these tests look for the banner's own role=status elements.
  return renderRemote(ui, { path: '/', language, probeLocation: false });
}
