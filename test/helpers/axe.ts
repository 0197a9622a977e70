/** axe-core in Chromium: the accessibility gate (test/quality/axe-gate.ts) and the browser tests that run it on a page. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { AXE_CONTRAST_MARK, AXE_LINK_MARK, CONTRAST_IN_PAGE } from './contrast.js';

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

/** The page side (test/helpers/axe-in-page.js): an expression, the file's one function. */
const IN_PAGE = readFileSync(new URL('./axe-in-page.js', import.meta.url), 'utf8')
  .trim()
  .replace(/;$/, '');

/** Marks the parts of the page that changed with the colour scheme, for a run of the other rules on them. */
const CHANGED = 'data-scheme-changed';

/** The elements a landmark (or a region with a role) wraps: a changed element's rules are judged again within it. */
const LANDMARK = 'header, nav, main, aside, footer, form, section, [role]';

type InPageRequest =
  | { run: { only?: 'all' | 'colour' | 'other'; within?: string; contrast?: 'fast' | 'axe' } }
  | { scheme: { dark: boolean; first: boolean } };

/** One call of the page side, in one round trip (axe injected first when the page has none). */
async function axeInPage(page: Page, request: InPageRequest): Promise<AxeViolation[]> {
  const names = {
    tags: WCAG_TAGS,
    colourRules: COLOUR_RULES,
    marks: [AXE_CONTRAST_MARK, AXE_LINK_MARK],
    changedMark: CHANGED,
    landmark: LANDMARK,
  };
  const call = `typeof axe === 'undefined' ? 'no axe' : (${IN_PAGE})(${JSON.stringify({ ...request, names })}, ${CONTRAST_IN_PAGE})`;
  const result = (await page.evaluate(call)) as AxeViolation[] | 'no axe';
  if (result !== 'no axe') return result;
  await injectAxe(page);
  return (await page.evaluate(call)) as AxeViolation[];
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
export function axeViolations(
  page: Page,
  options: { only?: 'all' | 'colour' | 'other'; within?: string; contrast?: 'fast' | 'axe' } = {},
): Promise<AxeViolation[]> {
  return axeInPage(page, { run: options });
}

/**
 * Judges the page at its present width in two colour schemes, one after the other (the page reacts to each as it
 * would for a visitor whose system switches): every rule in the first; in the second, the rules that depend on
 * colour, and the others only where they could find something new. What a rule that does not look at colour sees is
 * compared element by element (a digest of each element's name, box, visibility, own text and attributes): where
 * they differ (the logo drawn for the scheme, the theme toggle's label), the other rules run again on the landmark
 * around the element (the top bar), which holds what a rule judging it looks at (its name from content, its
 * parent); with other elements, or a change to a landmark itself or outside any, on the whole page. Each scheme is
 * one call of the page side (test/helpers/axe-in-page.js). Returns one line a violation (describeViolations),
 * `where` naming the scheme.
 */
export async function axeInSchemes(
  page: Page,
  schemes: ('light' | 'dark')[],
  where: (scheme: string) => string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, colorScheme] of schemes.entries()) {
    await page.emulateMedia({ colorScheme });
    const violations = await axeInPage(page, { scheme: { dark: colorScheme === 'dark', first: i === 0 } });
    problems.push(...describeViolations(where(colorScheme), violations));
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
