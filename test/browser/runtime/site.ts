/** One built and served copy of the runtime fixture and one Chromium, per test file. */
import type { Page } from 'playwright-core';
import type { UserConfig } from '../../../src/config/index.js';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { fixture } from '../../helpers/site.js';

export type { OpenOptions } from '../../helpers/served-site.js';
export type RuntimeSite = ServedSite;

export function startSite(overrides: Partial<UserConfig> = {}): Promise<RuntimeSite> {
  return startServedSite(fixture('runtime'), overrides);
}

/** Marks the document, so a test can tell a swap (marker kept) from a full load (marker gone). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.__marker = "kept"');
}

export async function documentKept(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__marker')) === 'kept';
}
