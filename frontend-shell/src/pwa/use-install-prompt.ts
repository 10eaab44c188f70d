import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { installPromptEvents, type InstallPromptEvents } from './install-prompt-events';
import {
  canAddToHomeScreen,
  detectInstallPlatform,
  isRunningStandalone,
  type InstallPlatform,
} from './install-platform';
import { isInstallPromptDismissed, rememberInstallPromptDismissal } from './install-prompt-storage';

/** The card shows about 3 s after the browser signals installability (docs/product.md#install-card). */
export const INSTALL_PROMPT_DELAY_MS = 3000;

export interface InstallPromptState {
  visible: boolean;
  platform: InstallPlatform;
  /** false on iOS: no browser prompt there, only the Share → 'Add to Home Screen' instruction. */
  canPrompt: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

export interface UseInstallPromptOptions {
  events?: InstallPromptEvents;
  win?: Window;
}

/**
 * The install card's rules (docs/product.md#install-card): shown 3 s after beforeinstallprompt (iOS Safari never fires
 * it: 3 s after the card mounts), never when running standalone or while a dismissal is remembered
 * (7 days); Install runs the browser prompt and hides the card; appinstalled hides it for good.
 */
export function useInstallPrompt({
  events = installPromptEvents,
  win = window,
}: UseInstallPromptOptions = {}): InstallPromptState {
  const { event, signalledAt, installed } = useSyncExternalStore(events.subscribe, events.getSnapshot);
  const [platform] = useState(() => detectInstallPlatform(win.navigator));
  const [iosInstructions] = useState(() => platform === 'ios' && canAddToHomeScreen(win.navigator));
  const [mountedAt] = useState(() => Date.now());
  // Read once: standalone does not change under a running page, a dismissal is written by this card.
  const [hidden, setHidden] = useState(() => isRunningStandalone(win) || isInstallPromptDismissed());
  const [dueAt, setDueAt] = useState<number | null>(null);

  const canPrompt = event !== null;
  const startAt = canPrompt ? signalledAt : iosInstructions ? mountedAt : null;

  useEffect(() => {
    if (hidden || installed || startAt === null) return;
    // The signal may have come while the splash was up: count the 3 s from the signal itself.
    const timer = setTimeout(
      () => setDueAt(startAt),
      Math.max(0, startAt + INSTALL_PROMPT_DELAY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [hidden, installed, startAt]);

  const install = useCallback(async () => {
    const prompt = events.take();
    setHidden(true);
    if (!prompt) return;
    try {
      await prompt.prompt();
      await prompt.userChoice;
    } catch (error) {
      console.warn('Install prompt failed:', error);
    }
  }, [events]);

  const dismiss = useCallback(() => {
    rememberInstallPromptDismissal();
    setHidden(true);
  }, []);

  const visible = !hidden && !installed && startAt !== null && dueAt === startAt;
  return { visible, platform, canPrompt, install, dismiss };
}
