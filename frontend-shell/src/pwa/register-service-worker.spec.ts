import { registerServiceWorker } from './register-service-worker';

function fakeWindow({ readyState = 'loading', withServiceWorker = true } = {}) {
  const register = jest.fn(() => Promise.resolve({}));
  const listeners = new Map<string, () => void>();
  const win = {
    navigator: withServiceWorker ? { serviceWorker: { register } } : {},
    document: { readyState },
    addEventListener: jest.fn((type: string, listener: () => void) => listeners.set(type, listener)),
  } as unknown as Window;
  return { win, register, fireLoad: () => listeners.get('load')?.() };
}

describe('registerServiceWorker', () => {
  it('registers /service-worker.js for the whole site once the page has loaded', () => {
    const { win, register, fireLoad } = fakeWindow();
    registerServiceWorker({ enabled: true, win });
    expect(register).not.toHaveBeenCalled();
    fireLoad();
    expect(register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
  });

  it('tells the worker the data saver is on through its URL (it cannot read localStorage)', () => {
    const { win, register } = fakeWindow({ readyState: 'complete' });
    registerServiceWorker({ enabled: true, win, dataSaver: () => true });
    expect(register).toHaveBeenCalledWith('/service-worker.js?data-saver=on', { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow({ readyState: 'complete' });
    registerServiceWorker({ enabled: true, win });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing outside production builds (the default under Jest)', () => {
    const { win, register, fireLoad } = fakeWindow({ readyState: 'complete' });
    registerServiceWorker({ win });
    fireLoad();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', () => {
    const { win, fireLoad } = fakeWindow({ withServiceWorker: false });
    expect(() => {
      registerServiceWorker({ enabled: true, win });
      fireLoad();
    }).not.toThrow();
    expect(win.addEventListener).not.toHaveBeenCalled();
  });

  it('only warns when registration fails (the app works without it)', async () => {
    const { win, register } = fakeWindow({ readyState: 'complete' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    register.mockReturnValueOnce(Promise.reject(new Error('SecurityError')));
    registerServiceWorker({ enabled: true, win });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledWith('Service worker registration failed:', expect.any(Error));
    warn.mockRestore();
  });
});
