import type { LaunchOptions } from '@playwright/test';

/** How every test launches Chromium (playwright.config.ts), and the base of the variants below. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Chromium whose microphone plays `wavPath` in a loop (its fake capture device) and which never
 * asks before giving it: recording in a test hears real speech.
 */
export function withFakeMicrophone(wavPath: string): LaunchOptions {
  return {
    ...chromiumLaunchOptions,
    args: [
      ...(chromiumLaunchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
    ],
  };
}
