/**
 * One-off proof of the accessibility gate's fast contrast check (test/helpers/contrast-in-page.js): on every page of
 * the gate's sites, at each width and scheme the gate judges, it compares the check's verdict on each element with
 * axe's color-contrast rule run on the whole page.
 *
 *   node --import tsx test/quality/contrast-proof.ts [built-dir base]
 *
 * What must hold: no element that axe finds in violation is passed by the fast check, no element axe judges is
 * missed by it, and the ratios of the elements both pass agree (axe truncates to two decimals).
 */
import { injectAxe } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';
import { fastContrast } from '../helpers/contrast.js';
import { serveDir } from '../helpers/site.js';
import { buildGateSites, pagePaths, pageSettled } from './site.js';

const [dir, base] = process.argv.slice(2);
const sites = dir
  ? [{ name: dir, outDir: dir, base: base ?? '/docs/', cleanup: async () => {} }]
  : await buildGateSites();
const { browser, close } = await launchBrowser();
const totals: Record<string, number> = {};
const reasons: Record<string, number> = {};
const bad: string[] = [];
/** The elements left to axe, by axe's verdict, the fast check's reason and the element (its classes, its owner's). */
const left: Record<string, { count: number; views: Set<string> }> = {};
let viewsLeaving = 0;
for (const site of sites) {
  const server = await serveDir(site.outDir, site.base);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  await context.addInitScript(
    `Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) })`,
  );
  // tsx keeps function names with a helper of its own, absent in the page.
  await context.addInitScript('globalThis.__name = (f) => f');
  const page = await context.newPage();
  for (const path of await pagePaths(site.outDir, site.base)) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    await pageSettled(page);
    await injectAxe(page);
    for (const width of [1280, 375])
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const fast = await fastContrast(page, { record: true });
        for (const [k, v] of Object.entries(fast.reasons)) reasons[k] = (reasons[k] ?? 0) + v;
        // The views where the gate runs axe's color-contrast or link-in-text-block rule at all.
        if (fast.marked)
          totals['views leaving elements to color-contrast'] =
            (totals['views leaving elements to color-contrast'] ?? 0) + 1;
        if (fast.links?.marked)
          totals['views leaving links to link-in-text-block'] =
            (totals['views leaving links to link-in-text-block'] ?? 0) + 1;
        const compared = await page.evaluate(async () => {
          type Node = {
            element: Element & { __contrast?: number | 'axe' | 'invisible' };
            any: { data?: { contrastRatio?: number } }[];
          };
          const axe = (
            window as unknown as {
              axe: { run: (d: Document, o: unknown) => Promise<Record<string, { id: string; nodes: Node[] }[]>> };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
            elementRef: true,
          });
          const counts: Record<string, number> = {};
          const left: Record<string, number> = {};
          const problems: string[] = [];
          const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
          const judged = new Set<Element>();
          for (const type of ['violations', 'passes', 'incomplete'])
            for (const node of result[type]?.find((r) => r.id === 'color-contrast')?.nodes ?? []) {
              judged.add(node.element);
              const ours = node.element.__contrast;
              const theirs = node.any[0]?.data?.contrastRatio;
              if (ours === undefined) {
                count(`axe ${type}, fast check never saw it`);
                problems.push(`missed (${type}): ${node.element.outerHTML.slice(0, 100)}`);
              } else if (ours === 'axe') {
                count(`axe ${type}, handed to axe`);
                const e = node.element as Element & { __why?: string };
                const name = (x: Element) =>
                  `${x.localName}${x.classList.length ? `.${[...x.classList].join('.')}` : ''}`;
                const owner = e.parentElement?.closest('[class]');
                const key = `${type} | ${e.__why} | ${name(e)}${owner ? ` in ${name(owner)}` : ''}`;
                left[key] = (left[key] ?? 0) + 1;
              } else if (ours === 'invisible') {
                count(`axe ${type}, fast check found it invisible`);
                if (type === 'violations')
                  problems.push(`invisible to the fast check: ${node.element.outerHTML.slice(0, 100)}`);
              } else {
                count(`axe ${type}, fast check passed`);
                if (type === 'violations')
                  problems.push(`passed an axe violation: ${node.element.outerHTML.slice(0, 100)}`);
                if (
                  type === 'passes' &&
                  typeof theirs === 'number' &&
                  Math.abs(Math.floor(ours * 100) / 100 - theirs) > 0.011
                ) {
                  count('ratio differs');
                  problems.push(
                    `ratio ${ours.toFixed(2)} against axe's ${theirs}: ${node.element.outerHTML.slice(0, 100)}`,
                  );
                } else if (type === 'passes') count('ratio agrees');
              }
            }
          for (const type of ['violations', 'passes', 'incomplete'])
            for (const node of result[type]?.find((r) => r.id === 'link-in-text-block')?.nodes ?? []) {
              const ours = (node.element as Element & { __link?: string }).__link;
              count(`link-in-text-block: axe ${type}, ${ours ?? 'never seen'}`);
              // A link axe judges is never one the fast check found outside the rule.
              if (ours === undefined || ours === 'outside' || (ours === 'distinct' && type === 'violations'))
                problems.push(`link ${ours ?? 'missed'} (${type}): ${node.element.outerHTML.slice(0, 100)}`);
            }
          for (const element of document.querySelectorAll('*') as NodeListOf<Element & { __contrast?: unknown }>)
            if (element.__contrast !== undefined && !judged.has(element))
              count(
                element.__contrast === 'axe'
                  ? 'not judged by axe, handed to axe'
                  : 'not judged by axe, fast check passed',
              );
          return { counts, problems, left };
        });
        for (const [k, v] of Object.entries(compared.counts)) totals[k] = (totals[k] ?? 0) + v;
        for (const [k, v] of Object.entries(compared.left)) {
          left[k] ??= { count: 0, views: new Set() };
          left[k].count += v;
          left[k].views.add(`${path} ${width} ${scheme}`);
        }
        if (Object.keys(compared.left).length) viewsLeaving++;
        totals['page views'] = (totals['page views'] ?? 0) + 1;
        bad.push(...compared.problems.map((p) => `${path} ${width} ${scheme}: ${p}`));
      }
  }
  await context.close();
  await server.close();
  await site.cleanup();
}
await close();
console.log(JSON.stringify({ totals, reasons, viewsWithElementsAxeJudges: viewsLeaving }, null, 2));
for (const [k, v] of Object.entries(left).sort((a, b) => b[1].count - a[1].count))
  console.log(
    `${String(v.count).padStart(6)} in ${String(v.views.size).padStart(4)} views  ${k}  (e.g. ${[...v.views][0]})`,
  );
console.log(bad.length ? bad.join('\n') : 'no disagreement');
process.exitCode = bad.some((b) => !b.includes('ratio')) ? 1 : 0;
