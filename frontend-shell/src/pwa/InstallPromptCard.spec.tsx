import { act, render, screen } from '@testing-library/react';
import { KasaUiProvider, type Language } from '@kasa/ui';
import { setConsentFlag } from '../cookies/consent-flag';
import { useAsksCookieQuestion } from '../cookies/cookie-question';
import { InstallPromptCard } from './InstallPromptCard';
import { createInstallPromptEvents, type InstallPromptEvents } from './install-prompt-events';
import { DISMISSAL_MEMORY_MS, DISMISSED_AT_KEY, DISMISSED_KEY } from './install-prompt-storage';

const UA = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0]',
};

let events: InstallPromptEvents;
let detach: () => void;

function setUserAgent(ua: string) {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
}

function setStandaloneDisplay(matches: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: matches && query === '(display-mode: standalone)',
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

/** What Chrome fires when the app is installable. */
function signalInstallable() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = jest.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

function renderCard(language: Language = 'en') {
  return render(
    <KasaUiProvider appInfo={{ appName: 'Shamba' }} initialLanguage={language}>
      <InstallPromptCard events={events} />
    </KasaUiProvider>,
  );
}

const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

const card = () => screen.queryByTestId('install-prompt');

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-03-01T08:00:00Z') });
  localStorage.clear();
  setUserAgent(UA.desktop);
  setStandaloneDisplay(false);
  events = createInstallPromptEvents();
  detach = events.attach(window);
});

afterEach(() => {
  detach();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('InstallPromptCard', () => {
  it('shows about 3 s after the browser signals installability, not before', () => {
    renderCard();
    advance(10_000);
    expect(card()).toBeNull(); // no signal, no card (not iOS)

    const { event } = signalInstallable();
    expect(event.defaultPrevented).toBe(true); // the browser's own mini-infobar is kept away
    advance(2999);
    expect(card()).toBeNull();
    advance(1);
    expect(card()).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Install Shamba' })).toBe(card());
  });

  it('counts the 3 s from the signal when it came before the card mounted (behind the splash)', () => {
    signalInstallable();
    advance(2000);
    renderCard();
    expect(card()).toBeNull();
    advance(1000);
    expect(card()).toBeInTheDocument();
  });

  it("keeps a signal index.html's inline script caught before the bundles loaded", () => {
    detach();
    const early = new Event('beforeinstallprompt', { cancelable: true });
    const prompt = jest.fn(() => Promise.resolve());
    Object.assign(early, { prompt, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
    const signalledAt = Date.now();
    (window as unknown as { __kasaEarlyInstallPrompt?: unknown }).__kasaEarlyInstallPrompt = {
      event: early,
      at: signalledAt,
    };
    try {
      advance(3000);
      events = createInstallPromptEvents();
      detach = events.attach(window);
      expect(events.getSnapshot()).toMatchObject({ event: early, signalledAt });
      renderCard();
      advance(0); // the 3 s already passed since the early signal
      expect(card()).toBeInTheDocument();
      act(() => screen.getByTestId('install-prompt-install').click());
      expect(prompt).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as unknown as { __kasaEarlyInstallPrompt?: unknown }).__kasaEarlyInstallPrompt;
    }
  });

  it('shows the desktop text on a computer', () => {
    renderCard();
    signalInstallable();
    advance(3000);
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      'Install as desktop app for quick access',
    );
    expect(screen.getByTestId('install-prompt-install')).toHaveTextContent('Install');
  });

  it('shows the Android text on an Android phone', () => {
    setUserAgent(UA.android);
    renderCard();
    signalInstallable();
    advance(3000);
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      'Install as app for the best experience',
    );
    expect(card()).toHaveAttribute('data-platform', 'android');
  });

  it('on iOS Safari (no install event) shows the Share → Add to Home Screen instruction, without an Install button', () => {
    setUserAgent(UA.iphoneSafari);
    renderCard();
    advance(2999);
    expect(card()).toBeNull();
    advance(1);
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      "Tap the Share button, then 'Add to Home Screen'",
    );
    expect(screen.queryByTestId('install-prompt-install')).toBeNull();
    expect(screen.getByTestId('install-prompt-dismiss')).toBeInTheDocument();
  });

  it('does not show the iOS instruction in an in-app browser, which cannot add to the home screen', () => {
    setUserAgent(UA.iphoneFacebook);
    renderCard();
    advance(10_000);
    expect(card()).toBeNull();
  });

  it('never shows when already running as the installed app (display-mode standalone)', () => {
    setStandaloneDisplay(true);
    renderCard();
    signalInstallable();
    advance(10_000);
    expect(card()).toBeNull();
  });

  it('never shows on an iOS home-screen app (navigator.standalone)', () => {
    setUserAgent(UA.iphoneSafari);
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    try {
      renderCard();
      advance(10_000);
      expect(card()).toBeNull();
    } finally {
      delete (window.navigator as { standalone?: boolean }).standalone;
    }
  });

  it('remembers a dismissal for 7 days, then forgets it', () => {
    const first = renderCard();
    signalInstallable();
    advance(3000);
    act(() => screen.getByTestId('install-prompt-dismiss').click());
    expect(card()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('true');
    expect(Number(localStorage.getItem(DISMISSED_AT_KEY))).toBe(Date.now());
    first.unmount();

    // Six days later, a new visit: still dismissed.
    jest.setSystemTime(Date.now() + 6 * 24 * 3600 * 1000);
    const second = renderCard();
    signalInstallable();
    advance(10_000);
    expect(card()).toBeNull();
    second.unmount();

    // Past 7 days: the flags are removed and the card comes back.
    jest.setSystemTime(Date.now() + 24 * 3600 * 1000);
    renderCard();
    expect(localStorage.getItem(DISMISSED_KEY)).toBeNull();
    expect(localStorage.getItem(DISMISSED_AT_KEY)).toBeNull();
    signalInstallable();
    advance(3000);
    expect(card()).toBeInTheDocument();
  });

  it('starts the 7 days now for a dismissal flag that has no date', () => {
    localStorage.setItem(DISMISSED_KEY, 'true');
    renderCard();
    signalInstallable();
    advance(10_000);
    expect(card()).toBeNull();
    expect(Number(localStorage.getItem(DISMISSED_AT_KEY))).toBeGreaterThan(Date.now() - DISMISSAL_MEMORY_MS);
  });

  it('Install runs the browser prompt and hides the card', async () => {
    renderCard();
    const { prompt } = signalInstallable();
    advance(3000);
    await act(async () => screen.getByTestId('install-prompt-install').click());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
    expect(events.getSnapshot().event).toBeNull(); // an install event prompts only once
    expect(localStorage.getItem(DISMISSED_KEY)).toBeNull(); // installing is not dismissing
  });

  it('appinstalled hides the card for good, even if the browser signals again', () => {
    renderCard();
    signalInstallable();
    advance(3000);
    expect(card()).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(card()).toBeNull();
    signalInstallable();
    advance(10_000);
    expect(card()).toBeNull();
  });

  it('speaks French', () => {
    setUserAgent(UA.android);
    renderCard('fr');
    signalInstallable();
    advance(3000);
    expect(screen.getByRole('region', { name: 'Installer Shamba' })).toBeInTheDocument();
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      "Installez l'application pour une meilleure expérience",
    );
    expect(screen.getByTestId('install-prompt-install')).toHaveTextContent('Installer');
    expect(screen.getByTestId('install-prompt-dismiss')).toHaveTextContent('Plus tard');
  });

  it('speaks French on iOS and on a computer', () => {
    setUserAgent(UA.iphoneSafari);
    const ios = renderCard('fr');
    advance(3000);
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      "Touchez le bouton Partager, puis « Sur l'écran d'accueil »",
    );
    ios.unmount();

    setUserAgent(UA.desktop);
    renderCard('fr');
    signalInstallable();
    advance(3000);
    expect(screen.getByTestId('install-prompt-text')).toHaveTextContent(
      "Installez l'application de bureau pour un accès rapide",
    );
  });

  describe('while a page asks the cookie question', () => {
    function PageWithCookieBanner() {
      useAsksCookieQuestion();
      return null;
    }

    it('waits until the cookie banner is answered, then shows at once', () => {
      render(
        <KasaUiProvider>
          <PageWithCookieBanner />
          <InstallPromptCard events={events} />
        </KasaUiProvider>,
      );
      signalInstallable();
      advance(10_000);
      expect(card()).toBeNull();
      act(() => setConsentFlag());
      expect(card()).toBeInTheDocument();
    });

    it('steps aside when such a page opens over it, and comes back when the page is left', () => {
      const screenWith = (cookiePage: boolean) => (
        <KasaUiProvider>
          {cookiePage && <PageWithCookieBanner />}
          <InstallPromptCard events={events} />
        </KasaUiProvider>
      );
      const view = render(screenWith(false));
      signalInstallable();
      advance(3000);
      expect(card()).toBeInTheDocument();
      view.rerender(screenWith(true));
      expect(card()).toBeNull();
      view.rerender(screenWith(false));
      expect(card()).toBeInTheDocument();
    });

    it('does not wait once the question was answered on an earlier visit', () => {
      localStorage.setItem('cookieConsentGiven', 'true');
      render(
        <KasaUiProvider>
          <PageWithCookieBanner />
          <InstallPromptCard events={events} />
        </KasaUiProvider>,
      );
      signalInstallable();
      advance(3000);
      expect(card()).toBeInTheDocument();
    });
  });

  it('has touch targets of at least 44 px', () => {
    renderCard();
    signalInstallable();
    advance(3000);
    for (const id of ['install-prompt-install', 'install-prompt-dismiss']) {
      expect(screen.getByTestId(id)).toHaveStyle({ minHeight: '48px' });
    }
  });
});
