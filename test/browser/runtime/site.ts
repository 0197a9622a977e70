/** One built and served copy of the runtime fixture and one Chromium, per test file. */
import type { UserConfig } from '../../../src/config.js';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { fixture } from '../../helpers/site.js';

export type { OpenOptions } from '../../helpers/served-site.js';
export type RuntimeSite = ServedSite;

export function startSite(overrides: Partial<UserConfig> = {}): Promise<RuntimeSite> {
  return startServedSite(fixture('runtime'), overrides);
}
