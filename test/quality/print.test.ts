import { describe, expect, it } from 'vitest';
import { servedLongPage } from './site.js';

/** Print: the page's content only, black on white; navigation, outline and controls are dropped. */
describe('quality/print', () => {
  const longPage = servedLongPage();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`prints the content without the navigation, in black on white even in ${colorScheme} mode`, async () => {
      const context = await longPage.browser().newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await page.goto(longPage.url(), { waitUntil: 'load' });
        await page.emulateMedia({ media: 'print' });
        const shown = await page.evaluate(() => {
          const visible = (selector: string) =>
            [...document.querySelectorAll<HTMLElement>(selector)].some((el) =>
              el.checkVisibility({ visibilityProperty: true }),
            );
          return {
            dropped: ['.topbar', '#sidebar', '.toc', '.skip-link', '.doc-footer', '.copy'].filter(visible),
            content: visible('main h1') && visible('main .content'),
            text: getComputedStyle(document.querySelector('main .content p') ?? document.body).color,
            background: getComputedStyle(document.body).backgroundColor,
            code: [...document.querySelectorAll('.code-block')].map((el) => getComputedStyle(el).backgroundColor),
            mainLeft: document.querySelector('main')!.getBoundingClientRect().left,
          };
        });
        expect(shown.dropped).toEqual([]);
        expect(shown.content).toBe(true);
        expect(shown.text).toBe('rgb(0, 0, 0)');
        expect(shown.background).toBe('rgb(255, 255, 255)');
        expect(new Set(shown.code)).toEqual(new Set(['rgb(255, 255, 255)'])); // no dark code blocks on paper
        expect(shown.mainLeft).toBeLessThan(40); // the sidebar's column is gone too
        const pdf = await page.pdf({ format: 'A4' });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        await context.close();
      }
    });
  }
});
