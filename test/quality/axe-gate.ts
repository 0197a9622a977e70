import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { serveDir } from '../helpers/site.js';
import { buildGateSites, pagePaths, type BuiltSite } from './site.js';

// The minified build: half the bytes to parse on each of the hundreds of page loads.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCHEMES = ['light', 'dark'] as const;

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The WCAG 2.1 A and AA rules whose result depends on the colour scheme: the others see the same
 * document in light and dark, so the dark pass runs these alone (the light pass runs every rule).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block', 'non-text-contrast'];

/** Runs axe-core in the page on the whole document: WCAG 2.1 A and AA rules, or only those that depend on colour. */
async function axeViolations(page: Page, only: 'all' | 'colour' = 'all'): Promise<AxeViolation[]> {
  const runOnly = only === 'all' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }>; getRules: () => { ruleId: string }[] } }).axe;
    // Rules this axe version does not know are left out rather than failing the run.
    const known = new Set(axe.getRules().map((r) => r.ruleId));
    const values = runOnly.type === 'rule' ? runOnly.values.filter((id) => known.has(id)) : runOnly.values;
    const result = await axe.run(document, { runOnly: { ...runOnly, values }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, runOnly);
}

/**
 * The accessibility gate: axe-core in real Chromium on every page of the built site, light and
 * dark, at the given widths (one test file a width, so the two run side by side), and with the
 * search dialog open. One page object per width, reused across pages.
 */
export function axeGate(widths: number[], options: { searchDialog: boolean }): void {
describe(`quality/axe at ${widths.join(' and ')} px`, () => {
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

  for (const width of widths) {
    it(`finds no WCAG 2.1 A or AA violation on any page at ${width} px, in light and in dark mode`, { timeout: 20 * 60_000 }, async () => {
      const context = await browser.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', bypassCSP: true /* axe is injected; the CSP is csp.test.ts's */ });
      const page = await context.newPage();
      const problems: string[] = [];
      try {
        for (const url of urls) {
          // One load a page: axe runs every rule, the colour scheme flips (the page reacts as it would
          // for a visitor whose system switches), and axe runs the rules that depend on colour again.
          await page.emulateMedia({ colorScheme: SCHEMES[0] });
          await page.goto(url, { waitUntil: 'load' });
          await page.addScriptTag({ path: AXE });
          for (const colorScheme of SCHEMES) {
            await page.emulateMedia({ colorScheme });
            for (const v of await axeViolations(page, colorScheme === 'light' ? 'all' : 'colour')) {
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

  it.runIf(options.searchDialog)('finds no WCAG 2.1 A or AA violation with the search dialog open on results, in light and in dark mode', async () => {
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
}
