import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { servedLongPage } from './site.js';

interface Focused {
  /** The element's number among the reachable targets (set before tabbing), tag, and href or label. */
  name: string;
  control?: string;
  inViewport: boolean;
  /** Not hidden under the sticky top bar or anything else: the element is what is drawn at its centre. */
  unobscured: boolean;
  /** An outline or a box shadow drawn because of focus. */
  indicator: boolean;
}

/**
 * Gives the page `__focused()`, what has focus now and whether a sighted keyboard user can see where it is, and
 * records it after each key (on its keyup, once the key has moved focus and scrolled to it) in `__stops`: a walk
 * of a hundred Tabs is sent at once and read once, instead of a round trip to the browser for each key and each look.
 */
function watchFocus(page: Page): Promise<void> {
  return page.evaluate(() => {
    const focusedNow = () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const rect = el.getBoundingClientRect();
      // A link that wraps has a box per line: the middle of their union may be the text between them.
      const first = el.getClientRects()[0] ?? rect;
      const style = getComputedStyle(el);
      const cx = Math.min(Math.max(first.left + first.width / 2, 0), innerWidth - 1);
      const cy = Math.min(Math.max(first.top + Math.min(first.height, 20) / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(cx, cy);
      const label =
        el.getAttribute('href') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      return {
        name: `${el.dataset.kb ?? '?'} ${el.tagName.toLowerCase()} ${label}`.trim(),
        control: ['skip-link', 'menu-button', 'search-button', 'theme-toggle'].find((c) => el.classList.contains(c)),
        inViewport:
          rect.width > 0 &&
          rect.height > 0 &&
          rect.bottom > 0 &&
          rect.top < innerHeight &&
          rect.right > 0 &&
          rect.left < innerWidth,
        unobscured: Boolean(hit && (hit === el || el.contains(hit) || hit.contains(el))),
        indicator: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
      };
    };
    const stops: unknown[] = [];
    Object.assign(window, { __focused: focusedNow, __stops: stops });
    addEventListener('keyup', (event) => event.key === 'Tab' && stops.push(focusedNow()), true);
  });
}

/** What has focus now (`watchFocus` first). */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate('__focused()');
}

/**
 * Presses Tab (or Shift+Tab) for each of `keys`, all sent at once: the browser handles input events one after
 * the other, each to its end, and answers each once it has. Returns what had focus after each (`watchFocus` first).
 */
async function pressTabs(page: Page, keys: ('Tab' | 'Shift+Tab')[]): Promise<(Focused | null)[]> {
  const cdp = await page.context().newCDPSession(page);
  const tab = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  await page.evaluate('__stops.length = 0');
  await Promise.all(
    keys.flatMap((key) => {
      const modifiers = key === 'Shift+Tab' ? 8 : 0;
      return [
        cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers, ...tab }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...tab }),
      ];
    }),
  );
  await cdp.detach();
  return page.evaluate('__stops');
}

/** Every element a keyboard user should be able to reach on the page as it is shown, numbered. */
function reachableTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, summary, [tabindex="0"]')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert]'))
      .map((el, i) => {
        el.dataset.kb = String(i);
        return `${i} ${el.tagName.toLowerCase()} ${el.getAttribute('href') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`.trim();
      }),
  );
}

/** Presses Tab `limit` times; returns each stop until focus left the page or came back to where it started. */
async function tabThrough(page: Page, limit: number): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (const now of await pressTabs(page, Array(limit).fill('Tab'))) {
    if (!now || (stops.length && now.name === stops[0].name)) break;
    stops.push(now);
  }
  return stops;
}

/**
 * The keyboard gate: with the keyboard alone, the skip link, the menu, the search, the theme
 * toggle and every link can be reached, and each shows where focus is.
 */
describe('quality/keyboard', () => {
  const longPage = servedLongPage();

  for (const width of [375, 1280]) {
    it(`reaches every link and control with Tab at ${width} px, each visibly focused and not hidden`, async () => {
      const context = await longPage
        .browser()
        .newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      try {
        await page.goto(longPage.url(), { waitUntil: 'load' });
        const targets = await reachableTargets(page);
        await watchFocus(page);
        const stops = await tabThrough(page, targets.length + 20);
        expect(stops[0]?.control).toBe('skip-link');
        const names = stops.map((s) => s.name);
        expect(
          targets.filter((t) => !names.includes(t)),
          'never reached with Tab',
        ).toEqual([]);
        const controls = stops.map((s) => s.control).filter(Boolean);
        // The drawer's menu button shows on small screens only.
        expect(controls).toEqual(
          width > 768
            ? ['skip-link', 'search-button', 'theme-toggle']
            : ['skip-link', 'menu-button', 'search-button', 'theme-toggle'],
        );
        expect(
          stops.filter((s) => !s.indicator).map((s) => s.name),
          'focused without a visible indicator',
        ).toEqual([]);
        expect(
          stops.filter((s) => !s.inViewport || !s.unobscured).map((s) => s.name),
          'focused but off screen or covered',
        ).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('opens the menu with the keyboard at 375 px and reaches every sidebar link in it, visibly focused', async () => {
    const context = await longPage
      .browser()
      .newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto(longPage.url(), { waitUntil: 'load' });
      await watchFocus(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect((await focused(page))?.control).toBe('menu-button');
      await page.keyboard.press('Enter');
      await page.locator('#sidebar').waitFor({ state: 'visible' });
      // Links inside a closed group are not shown, so not reachable until it opens (its title is: the 375 px test above).
      const links = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#sidebar a[href]')]
          .filter((el) => el.checkVisibility())
          .map((el, i) => ((el.dataset.kb = `nav${i}`), `nav${i}`)),
      );
      const stops: Focused[] = [];
      const first = await focused(page);
      if (first) stops.push(first);
      // The drawer focuses the current page's link: links above it are reached with Shift+Tab.
      const keys = [...Array(links.length).fill('Tab'), ...Array(links.length * 2).fill('Shift+Tab')];
      for (const now of await pressTabs(page, keys)) if (now) stops.push(now);
      const reached = new Set(stops.map((s) => s.name.split(' ')[0]));
      expect(
        links.filter((l) => !reached.has(l)),
        'sidebar links never reached',
      ).toEqual([]);
      const inDrawer = stops.filter((s) => s.name.startsWith('nav'));
      expect(inDrawer.filter((s) => !s.indicator || !s.inViewport || !s.unobscured).map((s) => s.name)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /**
   * The long page at 1280 px, loaded once for the two tests below: the skip link's test needs the page as loaded (focus
   * at its start), and comes first; the theme's focuses the toggle itself, so the skip link's use leaves it nothing.
   */
  let wide: Promise<Page> | undefined;
  const widePage = () =>
    (wide ??= longPage
      .browser()
      .newPage()
      .then(async (page) => {
        await page.goto(longPage.url(), { waitUntil: 'load' });
        return page;
      }));
  afterAll(async () => (await wide)?.close());

  it('moves focus into the content with the skip link', async () => {
    const page = await widePage();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main');
  });

  it('switches the theme with the keyboard', async () => {
    const page = await widePage();
    await page.locator('.theme-toggle').focus();
    await page.keyboard.press('Enter');
    const first = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.keyboard.press('Enter');
    const second = await page.evaluate(() => document.documentElement.dataset.theme);
    expect([first, second].sort()).toEqual(['dark', 'light']);
  });
});
