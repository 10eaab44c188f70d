import { act, render, screen } from '@testing-library/react';
import {
  DATA_SAVER_STORAGE_KEY,
  connectionWantsDataSaver,
  isDataSaverOn,
  readDataSaverPreference,
  setDataSaverPreference,
  useDataSaver,
} from './data-saver';

/** A stand-in for navigator.connection (Network Information API), which jsdom lacks. */
class FakeConnection extends EventTarget {
  saveData = false;
  effectiveType = '4g';
  change(next: Partial<Pick<FakeConnection, 'saveData' | 'effectiveType'>>) {
    Object.assign(this, next);
    this.dispatchEvent(new Event('change'));
  }
}

let connection: FakeConnection;
beforeEach(() => {
  localStorage.clear();
  connection = new FakeConnection();
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
});
afterEach(() => {
  delete (navigator as { connection?: unknown }).connection;
});

function Probe() {
  const { on, preference, connectionWants } = useDataSaver();
  return <output data-testid="saver">{`${preference} ${on ? 'on' : 'off'} ${connectionWants}`}</output>;
}

test('automatic (nothing stored) follows Save-Data and slow connections', () => {
  expect(readDataSaverPreference()).toBe('auto');
  expect(isDataSaverOn()).toBe(false);
  connection.saveData = true;
  expect(isDataSaverOn()).toBe(true);
  connection.saveData = false;
  for (const slow of ['slow-2g', '2g', '3g']) {
    connection.effectiveType = slow;
    expect(connectionWantsDataSaver()).toBe(true);
  }
  connection.effectiveType = '4g';
  expect(isDataSaverOn()).toBe(false);
});

test('without navigator.connection (Firefox, Safari), automatic means off', () => {
  delete (navigator as { connection?: unknown }).connection;
  expect(connectionWantsDataSaver()).toBe(false);
  expect(isDataSaverOn()).toBe(false);
});

test("the user's choice wins over the connection, and 'auto' removes it", () => {
  connection.saveData = true;
  setDataSaverPreference('off');
  expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('off');
  expect(isDataSaverOn()).toBe(false);
  connection.saveData = false;
  setDataSaverPreference('on');
  expect(isDataSaverOn()).toBe(true);
  setDataSaverPreference('auto');
  expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBeNull();
  expect(isDataSaverOn()).toBe(false);
});

test('an unknown stored value counts as automatic', () => {
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'maybe');
  expect(readDataSaverPreference()).toBe('auto');
});

test('the hook re-renders on a choice in this page, in another tab, and on a connection change', () => {
  render(<Probe />);
  expect(screen.getByTestId('saver')).toHaveTextContent('auto off false');

  act(() => connection.change({ effectiveType: '2g' }));
  expect(screen.getByTestId('saver')).toHaveTextContent('auto on true');

  act(() => setDataSaverPreference('off'));
  expect(screen.getByTestId('saver')).toHaveTextContent('off off true');

  // Another tab wrote it: only the storage event tells this one.
  act(() => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    window.dispatchEvent(new StorageEvent('storage', { key: DATA_SAVER_STORAGE_KEY }));
  });
  expect(screen.getByTestId('saver')).toHaveTextContent('on on true');
});
