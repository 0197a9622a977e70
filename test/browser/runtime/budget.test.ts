import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialScriptWeight, INITIAL_JS_BUDGET } from '../../../bench/weight.js';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { sharedBuild, fixture } from '../../helpers/site.js';

/**
 * Records layout shifts from the first paint on (set before any script of the page runs), each with what moved
 * and from where to where, so that a failure names the element.
 */
const WATCH_SHIFTS = `window.__shifts = [];
const describe = (node) => node ? node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '') : '(gone)';
const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved: entry.sources.map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)) });
}).observe({ type: 'layout-shift', buffered: true });`;

describe('browser/runtime: budgets', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('runtime'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('keeps the JavaScript a page runs before any interaction within 12 KB gzip', async () => {
    const weight = await initialScriptWeight((await sharedBuild(fixture('runtime'))).outDir);
    expect(weight.files.some((f) => /^assets\/client\.\w+\.js$/.test(f))).toBe(true);
    expect(weight.gzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  for (const [name, viewport, path] of [
    ['a wide screen', { width: 1280, height: 800 }, '/docs/guide/second/'],
    ['a phone', { width: 375, height: 740 }, '/docs/guide/second/'],
    ['a page opened at a heading', { width: 1280, height: 800 }, '/docs/guide/long/#step-five'],
  ] as const) {
    it(`shifts no layout when the runtime starts, on ${name}`, async () => {
      const page = await site.ready(path, {
        context: { viewport },
        before: (page) => page.addInitScript(WATCH_SHIFTS),
      });
      await page.waitForLoadState('networkidle');
      // Two frames after the last change, so any shift has been reported.
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      expect(await page.evaluate('window.__shifts')).toEqual([]);
    });
  }
});
