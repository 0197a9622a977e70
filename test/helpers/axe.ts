/** axe-core in Chromium: the accessibility gate (test/quality/axe-gate.ts) and the browser tests that run it on a page. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { AXE_CONTRAST_MARK, AXE_LINK_MARK, fastContrast } from './contrast.js';

/** The rules every check runs: WCAG 2.1 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 A and AA rules whose result depends on the colour scheme: the others see the same
 * document in light and dark, so a second scheme needs these alone.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block', 'non-text-contrast'];

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let axeUrl: Promise<string> | undefined;

/**
 * axe-core's minified file over HTTP, cacheable: Chromium compiles it once per browser context and
 * reuses the compiled code on every later page (a script added inline, 0.5 MB, is sent and compiled
 * again on each page: a third of what the gate spent a page). One server per process, started on
 * first use; it holds no test open (unref).
 */
function serveAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
    const server = createServer((_, response) => {
      response.writeHead(200, {
        'content-type': 'text/javascript',
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      });
      response.end(source);
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address() as { port: number };
      resolve(`http://127.0.0.1:${address.port}/axe.min.js`);
    });
  });
  return axeUrl;
}

/** Loads axe-core into the page (its context must bypass the site's CSP: `bypassCSP: true`). */
export async function injectAxe(page: Page): Promise<void> {
  await page.addScriptTag({ url: await serveAxe() });
}

/**
 * Runs axe-core (injected first when the page has none) on `within` (default the whole document):
 * every WCAG 2.1 A and AA rule, or only those that depend on colour.
 *
 * Text contrast is judged first by the fast check (test/helpers/contrast.ts), which passes the elements whose
 * colours are certain from computed styles; axe's color-contrast rule then runs on every other element (its
 * selector narrowed to them) and reports as it would on the whole page. It was half of axe's work a run, and
 * what made a run of the colour rules cost four fifths of a full one. Likewise link-in-text-block runs only on the
 * links that their own style does not set apart from their block's text. `contrast: 'axe'` leaves it all to axe.
 */
export async function axeViolations(
  page: Page,
  options: { only?: 'all' | 'colour'; within?: string; contrast?: 'fast' | 'axe' } = {},
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
  const runOnly =
    options.only === 'colour' ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS };
  const narrowed =
    (options.contrast ?? 'fast') === 'fast' &&
    !(await fastContrast(page, { mark: true, within: options.within })).whole;
  return page.evaluate(
    async ({ runOnly, within, marks }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: Document | string, opts: unknown) => Promise<{ violations: AxeViolation[] }>;
            getRules: () => { ruleId: string }[];
            configure: (spec: unknown) => void;
            reset: () => void;
          };
        }
      ).axe;
      // Rules this axe version does not know are left out rather than failing the run.
      const known = new Set(axe.getRules().map((r) => r.ruleId));
      const values = runOnly.type === 'rule' ? runOnly.values.filter((id) => known.has(id)) : runOnly.values;
      if (marks)
        axe.configure({
          rules: [
            { id: 'color-contrast', selector: `[${marks[0]}]` },
            { id: 'link-in-text-block', selector: `[${marks[1]}]` },
          ],
        });
      try {
        const result = await axe.run(within ?? document, {
          runOnly: { ...runOnly, values },
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => ({
          id: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
        }));
      } finally {
        if (marks) {
          axe.reset();
          for (const mark of marks)
            for (const element of document.querySelectorAll(`[${mark}]`)) element.removeAttribute(mark);
        }
      }
    },
    { runOnly, within: options.within, marks: narrowed ? [AXE_CONTRAST_MARK, AXE_LINK_MARK] : undefined },
  );
}

/** One line a failing element: where (a page, a scheme), the rule, the element and, when `detail`, what fails. */
export function describeViolations(where: string, violations: AxeViolation[], detail = true): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${where}  ${v.id}: ${v.help}  at ${node.target.join(' ')}${detail && node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, ' ')}` : ''}`,
    ),
  );
}
