import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { serveDir } from '../helpers/site.js';
import { buildGateSites, pagePaths, type BuiltSite } from './site.js';

// The minified build: half the bytes to parse on each of the hundreds of page loads.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [375, 1280];
const SCHEMES = ['light', 'dark'] as const;

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core in the page on the whole document, WCAG 2.1 A and AA rules only. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
}

/**
 * The accessibility gate: axe-core in real Chromium on every page of the built site, light and
 * dark, phone and desktop widths. One page object per width, reused across pages.
 */
describe('quality/axe', () => {
  let sites: BuiltSite[];
  let urls: string[];
  let closers: (() => Promise<void>)[] = [];
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    sites = await buildGateSites();
    urls = [];
    for (const site of sites) {
      const server = await serveDir(site.outDir, site.base);
      closers.push(server.close, site.cleanup);
      urls.push(...(await pagePaths(site.outDir, site.base)).map((p) => `${server.origin}${p}`));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const close of closers) await close();
    closers = [];
  });

  for (const width of WIDTHS) {
    it(`finds no WCAG 2.1 A or AA violation on any page at ${width} px, in light and in dark mode`, { timeout: 20 * 60_000 }, async () => {
      const context = await browser.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', bypassCSP: true /* axe is injected; the CSP is csp.test.ts's */ });
      const page = await context.newPage();
      const problems: string[] = [];
      try {
        for (const url of urls) {
          // One load a page: axe runs, the colour scheme flips (the page reacts as it would for a
          // visitor whose system switches), and axe runs again.
          await page.emulateMedia({ colorScheme: SCHEMES[0] });
          await page.goto(url, { waitUntil: 'load' });
          await page.addScriptTag({ path: AXE });
          for (const colorScheme of SCHEMES) {
            await page.emulateMedia({ colorScheme });
            for (const v of await axeViolations(page)) {
              for (const node of v.nodes) problems.push(`${new URL(url).pathname} (${colorScheme})  ${v.id}: ${v.help}  at ${node.target.join(' ')}${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, ' ')}` : ''}`);
            }
          }
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('finds no WCAG 2.1 A or AA violation with the search dialog open on results, in light and in dark mode', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      await page.goto(urls[0], { waitUntil: 'load' });
      await page.locator('.search-button').click();
      await page.locator('.search-input').fill('workflow');
      await page.locator('.search-result').first().waitFor();
      await page.addScriptTag({ path: AXE });
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        for (const v of await axeViolations(page)) for (const node of v.nodes) problems.push(`search (${colorScheme})  ${v.id}: ${v.help}  at ${node.target.join(' ')}`);
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
