import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs.
 * playwright-core gives every launch a fresh, temporary user-data dir of its own.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}
