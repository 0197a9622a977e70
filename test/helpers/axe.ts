/** axe-core in Chromium: the accessibility gate (test/quality/axe-gate.ts) and the browser tests that run it on a page. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
let axeSource: Buffer | undefined;

/** Answers a request with axe-core's minified file, cacheable. */
function answerAxe(response: ServerResponse): void {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
  response.writeHead(200, {
    'content-type': 'text/javascript',
    'cache-control': 'public, max-age=86400',
    'access-control-allow-origin': '*',
  });
  response.end(axeSource);
}

/**
 * axe-core's minified file over HTTP, cacheable: Chromium compiles it once per browser context and
 * reuses the compiled code on every later page (a script added inline, 0.5 MB, is sent and compiled
 * again on each page: a third of what the gate spent a page). One server per process, started on
 * first use; it holds no test open (unref).
 */
function serveAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const server = createServer((_, response) => answerAxe(response));
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address() as { port: number };
      resolve(`http://127.0.0.1:${address.port}/axe.min.js`);
    });
  });
  return axeUrl;
}

/** Where a site's server answers with axe-core once `serveAxeFrom` has been called on it (outside any site's base). */
export const AXE_PATH = '/__axe/axe.min.js';

/**
 * Makes the site's own server answer AXE_PATH with axe-core: its pages then load axe from their own origin, which
 * the site's Content-Security-Policy allows (script-src 'self'), so they can be judged under the policy as served
 * (axe runs under it without a violation: no inline script, no eval of its own).
 */
export function serveAxeFrom(server: Server): void {
  const site = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === AXE_PATH) answerAxe(response);
    else for (const listener of site) listener.call(server, request, response);
  });
}

/**
 * Loads axe-core into the page: from its own origin when that serves it (`serveAxeFrom`), else from a server of its
 * own, which the site's CSP refuses unless the context bypasses it (`bypassCSP: true`).
 */
export async function injectAxe(page: Page, options: { sameOrigin?: boolean } = {}): Promise<void> {
  await page.addScriptTag({ url: options.sameOrigin ? new URL(AXE_PATH, page.url()).href : await serveAxe() });
}

/**
 * Runs axe-core (injected first when the page has none) on `within` (default the whole document):
 * every WCAG 2.1 A and AA rule (`all`), only those that depend on colour (`colour`), or all but those (`other`).
 *
 * Text contrast is judged first by the fast check (test/helpers/contrast.ts), which passes the elements whose
 * colours are certain from computed styles; axe's color-contrast rule then runs on every other element (its
 * selector narrowed to them) and reports as it would on the whole page. It was half of axe's work a run, and
 * what made a run of the colour rules cost four fifths of a full one. Likewise link-in-text-block runs only on the
 * links that their own style does not set apart from their block's text. `contrast: 'axe'` leaves it all to axe.
 */
export async function axeViolations(
  page: Page,
  options: { only?: 'all' | 'colour' | 'other'; within?: string; contrast?: 'fast' | 'axe' } = {},
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
  const runOnly =
    options.only === 'colour' ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS };
  const off = options.only === 'other' ? COLOUR_RULES : [];
  let narrowed = false;
  if ((options.contrast ?? 'fast') === 'fast' && options.only !== 'other') {
    const fast = await fastContrast(page, { mark: true, within: options.within });
    // The colour rules alone, with no element left to either: nothing for axe to judge (its run would find no element).
    if (options.only === 'colour' && !fast.whole && fast.marked === 0 && fast.links?.marked === 0) return [];
    narrowed = !fast.whole;
  }
  return page.evaluate(
    async ({ runOnly, off, within, marks }) => {
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
          rules: Object.fromEntries(off.filter((id) => known.has(id)).map((id) => [id, { enabled: false }])),
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
    { runOnly, off, within: options.within, marks: narrowed ? [AXE_CONTRAST_MARK, AXE_LINK_MARK] : undefined },
  );
}

/**
 * What a rule that does not look at colour sees of each element, in document order: a digest of its name, box,
 * visibility and text of its own (`layout`), and one of its attributes (`attributes`).
 */
export function viewDigest(page: Page): Promise<{ layout: number[]; attributes: number[] }> {
  return page.evaluate(() => {
    const hash = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const layout: number[] = [];
    const attributes: number[] = [];
    for (const element of document.querySelectorAll('*')) {
      const r = element.getBoundingClientRect();
      const s = getComputedStyle(element);
      let own = '';
      for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE) own += node.nodeValue;
      layout.push(
        hash(
          `${element.localName} ${r.x} ${r.y} ${r.width} ${r.height} ${s.display} ${s.visibility} ${s.opacity === '0'} ${s.contentVisibility} ${own}`,
        ),
      );
      let attrs = '';
      for (const a of element.attributes) attrs += `${a.name}=${a.value}\u0000`;
      attributes.push(hash(attrs));
    }
    return { layout, attributes };
  });
}

/** Marks the parts of the page that changed with the colour scheme, for a run of the other rules on them. */
const CHANGED = 'data-scheme-changed';

/** The elements a landmark (or a region with a role) wraps: a changed element's rules are judged again within it. */
const LANDMARK = 'header, nav, main, aside, footer, form, section, [role]';

/**
 * Sets CHANGED on the landmark around each element at these places in document order (the outermost, when one
 * holds another), and on nothing else; an empty list clears it. Returns false when a changed element is a landmark
 * itself, or lies outside any (html, head, body): then the whole page is to be judged again.
 */
function markChanged(page: Page, places: number[]): Promise<boolean> {
  return page.evaluate(
    ({ places, mark, landmark }) => {
      for (const element of document.querySelectorAll(`[${mark}]`)) element.removeAttribute(mark);
      const all = document.querySelectorAll('*');
      const around = new Set<Element>();
      for (const n of places) {
        const wrap = all[n].parentElement?.closest(landmark);
        if (!wrap || all[n].matches(landmark)) return false;
        around.add(wrap);
      }
      for (const wrap of around)
        if (![...around].some((other) => other !== wrap && other.contains(wrap))) wrap.setAttribute(mark, '');
      return true;
    },
    { places, mark: CHANGED, landmark: LANDMARK },
  );
}

/**
 * Judges the page at its present width in two colour schemes, one after the other (the page reacts to each as it
 * would for a visitor whose system switches): every rule in the first; in the second, the rules that depend on
 * colour, and the others only where they could find something new. What a rule that does not look at colour sees is
 * compared element by element (viewDigest): where an element's box, visibility, text or attributes differ (the
 * logo drawn for the scheme, the theme toggle's label), the other rules run again on the landmark around it (the
 * top bar), which holds what a rule judging it looks at (its name from content, its parent); with other elements,
 * or a change to a landmark itself or outside any, on the whole page. Returns one line a violation
 * (describeViolations), `where` naming the scheme.
 */
export async function axeInSchemes(
  page: Page,
  schemes: ('light' | 'dark')[],
  where: (scheme: string) => string,
): Promise<string[]> {
  const problems: string[] = [];
  let first: Awaited<ReturnType<typeof viewDigest>> | undefined;
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    // The page hears of the new scheme in a rendering step, before that frame's callbacks; under load the first
    // frame may come before the scheme applies. So: wait until the page's media query reports it, then for two
    // frames, after which its listeners (the theme toggle's) have run.
    await page.waitForFunction(
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      colorScheme === 'dark',
    );
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    const judge = async (options: Parameters<typeof axeViolations>[1]) =>
      problems.push(...describeViolations(where(colorScheme), await axeViolations(page, options)));
    const digest = await viewDigest(page);
    if (!first || digest.layout.length !== first.layout.length) {
      first ??= digest;
      await judge({ only: 'all' });
      continue;
    }
    const was = first;
    const changed = digest.layout.flatMap((h, n) =>
      h === was.layout[n] && digest.attributes[n] === was.attributes[n] ? [] : [n],
    );
    if (!changed.length) {
      await judge({ only: 'colour' });
    } else if (await markChanged(page, changed)) {
      await judge({ only: 'colour' });
      await judge({ only: 'other', within: `[${CHANGED}]` });
      await markChanged(page, []);
    } else {
      await judge({ only: 'all' });
    }
  }
  return problems;
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
