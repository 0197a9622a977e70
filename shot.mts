import { launchBrowser } from './test/helpers/browser.js';
const { browser, close } = await launchBrowser();
const url = process.argv[2]; const out = process.argv[3];
for (const scheme of ['light', 'dark'] as const) {
  const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 1000 } });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await page.goto(url);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-${scheme}.png`, fullPage: true });
  await ctx.close();
}
await close();
