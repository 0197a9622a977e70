// Lighthouse over five representative pages of a built site, served with its own _headers.
// `npm run lighthouse [-- dist]` prints all four categories; performance is a timing, so it is measured
// here (best of three, as Lighthouse advises on a shared machine) and never asserted by `npm test`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import AnchorElements from 'lighthouse/core/gather/gatherers/anchor-elements.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_ARGS } from '../test/helpers/browser.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The flags of test/helpers/browser.ts, headless, for the Chromium that Lighthouse drives itself. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export interface AuditTarget {
  name: string;
  path: string;
  skipAudits?: string[];
}

export interface AuditResult {
  scores: Partial<Record<Category, number | null>>;
  /** Audits that cost points: "seo/is-crawlable 0". */
  failing: string[];
  error?: string;
}

/** The longest page outside the reference sections: "a long guide". */
async function longestGuide(outDir: string): Promise<string> {
  const records = JSON.parse(await readFile(path.join(outDir, 'pages.json'), 'utf8')) as {
    path: string;
    regularPath: string;
  }[];
  let best = { path: '', size: -1 };
  for (const r of records) {
    if (/\/(api|reference|errors)\//.test(r.regularPath) || r.regularPath === '/') continue; // references, not guides
    const { size } = await stat(path.join(outDir, r.regularPath, 'index.html'));
    if (size > best.size) best = { path: r.path, size };
  }
  return best.path;
}

/** The overview, the longest guide, the REST reference, the errors page and the not-found page. */
export async function auditTargets(outDir: string, base: string): Promise<AuditTarget[]> {
  return [
    { name: 'overview', path: base },
    { name: 'long guide', path: await longestGuide(outDir) },
    { name: 'REST reference', path: `${base}api/rest/` },
    { name: 'errors', path: `${base}errors/` },
    // The not-found page is noindex on purpose, and a host serves it with status 404, which
    // Lighthouse refuses to audit: it is audited at its own address, without the crawlable audit.
    { name: 'not found', path: `${base}404.html`, skipAudits: ['is-crawlable'] },
  ];
}

/**
 * A Chromium for Lighthouse (it drives its own over the DevTools port): the full browser unless told, as a visitor's
 * (the test of the categories that are not timings passes the tests' own, test/quality/lighthouse.test.ts).
 */
export function launchChrome(
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
  });
}

type GatherContext = Parameters<AnchorElements['getArtifact']>[0];

/**
 * Lighthouse's gatherer of the links (for SEO's crawlable-anchors and link-text), asking the page the same questions
 * once each: for every link it asks for the event listeners of the link and of each of its ancestors, three DevTools
 * calls a node, so the nodes every link shares (the sidebar, the body) are asked about again for each of the ~90 links
 * of a page (2,300 calls; 600 this way). The answers are the page's as it stands, which does not change while the
 * gatherer runs: the artifact is the same, compared whole on the five pages (2026-11-25).
 */
class OnceAnchorElements extends AnchorElements {
  override getArtifact(context: GatherContext) {
    const session = context.driver.defaultSession;
    const asked = new Map<string, ReturnType<typeof session.sendCommand>>();
    const keyOf: Record<string, (params: Record<string, unknown>) => unknown> = {
      'DOM.pushNodeByPathToFrontend': (params) => params.path,
      'DOM.resolveNode': (params) => params.nodeId,
      'DOMDebugger.getEventListeners': (params) => params.objectId,
    };
    const sendCommand = ((method: string, params: Record<string, unknown>) => {
      if (!keyOf[method]) return session.sendCommand(method as never, params as never);
      const key = `${method} ${String(keyOf[method](params))}`;
      if (!asked.has(key)) asked.set(key, session.sendCommand(method as never, params as never));
      return asked.get(key)!;
    }) as typeof session.sendCommand;
    const driver = Object.create(context.driver, {
      defaultSession: { value: Object.create(session, { sendCommand: { value: sendCommand } }) },
    });
    return super.getArtifact({ ...context, driver });
  }
}

/** Lighthouse's default configuration, its link gatherer asking each question once. */
const CONFIG: Config = {
  ...defaultConfig,
  artifacts: defaultConfig.artifacts?.map((artifact) =>
    artifact.id === 'AnchorElements' ? { id: artifact.id, gatherer: { implementation: OnceAnchorElements } } : artifact,
  ),
};

/**
 * Lighthouse measures the machine's speed before each page (a second of busy loops in the page), for the performance
 * category's warning that the machine was slow; no audit reads the figure. Where no performance is scored, it is not
 * measured: the figure is 0 (the report's "benchmark index"), within `run`, restored after.
 */
async function withoutBenchmark<T>(run: () => Promise<T>): Promise<T> {
  const measure = pageFunctions.computeBenchmarkIndex;
  pageFunctions.computeBenchmarkIndex = function computeBenchmarkIndex() {
    return 0;
  };
  try {
    return await run();
  } finally {
    pageFunctions.computeBenchmarkIndex = measure;
  }
}

export async function audit(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  categories: readonly Category[],
  skipAudits: string[] = [],
  /** Settings of the caller's own (the gate's waits); Lighthouse's defaults otherwise. */
  settings: Flags = {},
): Promise<AuditResult> {
  const run = () =>
    lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        skipAudits,
        // The full-page screenshot only illustrates the HTML report (no score reads it): 3 to 4 s a page saved.
        disableFullPageScreenshot: true,
        ...settings,
      },
      CONFIG,
    );
  const runner = await (categories.includes('performance') ? run() : withoutBenchmark(run));
  const lhr = runner!.lhr;
  const scores = Object.fromEntries(categories.map((c) => [c, lhr.categories[c]?.score ?? null]));
  const failing: string[] = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1)
        failing.push(`${c}/${ref.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return { scores, failing, error: lhr.runtimeError?.message };
}

async function main(): Promise<void> {
  const { serveWithHeaders } = await import('../test/quality/site.js');
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const html = await readFile(path.join(dir, '404.html'), 'utf8');
  const base = /<meta name="docs:base" content="([^"]+)"/.exec(html)?.[1] ?? '/docs/';
  const server = await serveWithHeaders(dir, base);
  const chrome = await launchChrome();
  try {
    for (const target of await auditTargets(dir, base)) {
      let best: AuditResult | undefined;
      for (let run = 0; run < 3; run++) {
        const result = await audit(chrome, `${server.origin}${target.path}`, CATEGORIES, target.skipAudits);
        if (!best || (result.scores.performance ?? 0) > (best.scores.performance ?? 0)) best = result;
      }
      const scores = CATEGORIES.map((c) => `${c} ${Math.round((best!.scores[c] ?? 0) * 100)}`).join(', ');
      console.log(`${target.path}  ${scores}${best!.failing.length ? `\n    ${best!.failing.join('\n    ')}` : ''}`);
    }
  } finally {
    chrome.kill();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main();
