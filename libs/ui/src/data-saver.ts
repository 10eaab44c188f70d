// The data saver (Preferences → Data saver): thumbnails instead of full images, no autoplay, Opus
// speech, no ahead-of-time download of the remotes. 'on' / 'off' are the user's choice; with no
// choice stored it follows the connection (Save-Data, or a 2G/3G-class link). Kept tiny: the shell
// bundles it.
import { useCallback, useSyncExternalStore } from 'react';

export const DATA_SAVER_STORAGE_KEY = 'kasa-data-saver';

export type DataSaverPreference = 'on' | 'off' | 'auto';

/** What the page learned from the browser: navigator.connection (Chromium-based browsers only). */
interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

/** Same-page changes: the storage event only reaches the other tabs. */
const CHANGE_EVENT = 'kasa-data-saver-change';
const SLOW_CONNECTIONS = ['slow-2g', '2g', '3g'];

function connection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

export function readDataSaverPreference(): DataSaverPreference {
  try {
    const stored = window.localStorage.getItem(DATA_SAVER_STORAGE_KEY);
    return stored === 'on' || stored === 'off' ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

export function setDataSaverPreference(preference: DataSaverPreference): void {
  try {
    if (preference === 'auto') window.localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
    else window.localStorage.setItem(DATA_SAVER_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable (private mode): the choice is lost, 'auto' rules.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The browser asks to save data (Save-Data) or reports a slow connection. */
export function connectionWantsDataSaver(): boolean {
  const info = connection();
  return !!info && (info.saveData === true || SLOW_CONNECTIONS.includes(info.effectiveType ?? ''));
}

export function isDataSaverOn(): boolean {
  const preference = readDataSaverPreference();
  return preference === 'auto' ? connectionWantsDataSaver() : preference === 'on';
}

function subscribe(onChange: () => void): () => void {
  const info = connection();
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  info?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    info?.removeEventListener?.('change', onChange);
  };
}

/** One string, so useSyncExternalStore compares snapshots by value. */
const snapshot = () => `${readDataSaverPreference()}:${connectionWantsDataSaver()}`;

export interface DataSaverState {
  on: boolean;
  preference: DataSaverPreference;
  /** The connection asks for it (what 'auto' follows), whatever the preference. */
  connectionWants: boolean;
  setPreference(preference: DataSaverPreference): void;
}

/** The data saver, re-rendering when the choice (in any tab) or the connection changes. */
export function useDataSaver(): DataSaverState {
  const [preference, wants] = useSyncExternalStore(subscribe, snapshot, () => 'auto:false').split(':');
  const connectionWants = wants === 'true';
  const setPreference = useCallback((next: DataSaverPreference) => setDataSaverPreference(next), []);
  return {
    on: preference === 'auto' ? connectionWants : preference === 'on',
    preference: preference as DataSaverPreference,
    connectionWants,
    setPreference,
  };
}
