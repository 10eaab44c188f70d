export type InstallPlatform = 'android' | 'ios' | 'desktop';

type NavigatorLike = Pick<Navigator, 'userAgent'> & { maxTouchPoints?: number; standalone?: boolean };

/** iPadOS 13+ reports itself as a Mac: a Mac with a touch screen is an iPad. */
export function detectInstallPlatform(navigator: NavigatorLike): InstallPlatform {
  const ua = navigator.userAgent;
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && (navigator.maxTouchPoints ?? 0) > 1))
    return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

/**
 * iOS installs from the browser's Share menu ('Add to Home Screen'): Safari, and other browsers
 * built on it. In-app browsers (Facebook, Instagram, Google app) have no such menu item.
 */
export function canAddToHomeScreen(navigator: NavigatorLike): boolean {
  return /Safari\//.test(navigator.userAgent) && !/FBAN|FBAV|Instagram|GSA\//.test(navigator.userAgent);
}

/** Already running as the installed app (Android / desktop display mode, or iOS home screen). */
export function isRunningStandalone(win: Window): boolean {
  const standaloneDisplay =
    typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  return standaloneDisplay || (win.navigator as NavigatorLike).standalone === true;
}
