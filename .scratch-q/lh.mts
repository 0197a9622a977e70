import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { buildToTemp, fixture, serveDir } from '../test/helpers/site.ts';
const site = await buildToTemp(fixture('basic'));
const server = await serveDir(site.outDir);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'] });
try {
  for (const p of ["/docs/"]) {
    const t = Date.now();
    const r = await lighthouse(server.origin + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance','accessibility','best-practices','seo'] });
    const lhr = r!.lhr;
    console.log(JSON.stringify(lhr.audits["errors-in-console"].details?.items)); console.log(p, Date.now()-t, Object.fromEntries(Object.entries(lhr.categories).map(([k,v]) => [k, v.score])), lhr.runtimeError, lhr.runWarnings);
    for (const [k, c] of Object.entries(lhr.categories)) for (const ref of c.auditRefs) { const a = lhr.audits[ref.id]; if (a.score !== null && a.score < 1 && ref.weight > 0) console.log('  ', k, ref.id, a.score, a.displayValue ?? ''); }
  }
} finally { chrome.kill(); await server.close(); await site.cleanup(); }
