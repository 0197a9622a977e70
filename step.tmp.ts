import { chromium } from 'playwright-core';
import { serveDir } from './test/helpers/site.js';
import { CHROMIUM_ARGS } from './test/helpers/browser.js';
import { axeViolations, injectAxe } from './test/helpers/axe.js';
import { fastContrast } from './test/helpers/contrast.js';
import { pagePaths } from './test/quality/site.js';
const server = await serveDir('/tmp/s3/site', '/docs/');
const sample = (await pagePaths('/tmp/s3/site', '/docs/')).filter((_, i) => i % 16 === 7);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', bypassCSP: true });
await context.addInitScript(`Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) })`);
await context.addInitScript('globalThis.__name = (f) => f');
const page = await context.newPage();
const tot: Record<string, number> = {};
const time = async (k: string, f: () => Promise<unknown>) => { const t = performance.now(); await f(); tot[k] = (tot[k] ?? 0) + performance.now() - t; };
const raw = (values: string[]) => page.evaluate(async (values) => { await (window as any).axe.run(document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] }); }, values);
for (const p of sample) for (const width of [1280, 375]) {
  await page.setViewportSize({ width, height: 900 });
  await time('load', async () => { await page.goto(server.origin + p, { waitUntil: 'load' }); await injectAxe(page); });
  for (let rep = 0; rep < 2; rep++) {
    await time('old full', () => axeViolations(page, { contrast: 'axe' }));
    await time('new full', () => axeViolations(page));
    await time('old colour', () => axeViolations(page, { only: 'colour', contrast: 'axe' }));
    await time('new colour', () => axeViolations(page, { only: 'colour' }));
    await time('fast only', () => fastContrast(page));
    await time('lit only', () => raw(['link-in-text-block']));
    await time('trivial', () => raw(['html-has-lang']));
  }
}
const n = sample.length * 4;
for (const [k, v] of Object.entries(tot)) console.log(k.padEnd(12), (v / (k === 'load' ? n / 2 : n)).toFixed(0), 'ms');
await browser.close(); await server.close();
