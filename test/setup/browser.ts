import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../helpers/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the Chromium every test file of the project connects to. */
    browserEndpoint: string;
  }
}

/** One Chromium for the whole project: test files connect to it (test/helpers/browser.ts) instead of launching their own. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchBrowserServer();
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
