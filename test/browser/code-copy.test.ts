import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

describe('browser: code blocks', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('basic'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  async function open(): Promise<Page> {
    const { page } = await site.visit('/docs/guide/code/', {
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    return page;
  }

  /** Clicks a block's copy button and reads what landed on the clipboard. */
  async function copy(page: Page, selector: string): Promise<string> {
    const block = page.locator(selector);
    await block.locator('.copy').click();
    await block.locator('.copy', { hasText: 'Copied' }).waitFor();
    return page.evaluate(() => navigator.clipboard.readText());
  }

  it('copies the code a reader runs: no line numbers, no removed lines, no notation comments', async () => {
    const page = await open();
    expect(await copy(page, '.code-block.line-numbers')).toBe(
      [
        'export default async function run({ event, ctx }) {',
        '  if (!event.body.email) {',
        '    return ctx.end("No email");',
        '  }',
        '  const total = event.body.items.length;',
        '  const size = "10";',
        '  return { total, size };',
        '}',
      ].join('\n'),
    );
    // The numbers are on screen all the same.
    const first = await page
      .locator('.code-block.line-numbers .line')
      .first()
      .evaluate((line) => getComputedStyle(line, '::before').content);
    expect(first).toContain('counter(line)');
  });

  it('copies a diff block as the new code, without its headers or + and - signs', async () => {
    const page = await open();
    expect(await copy(page, '.code-block[data-lang="diff"]')).toBe('return ctx.end("No email")\nconsole.log("done")');
  });

  it('dims the lines around focused ones, and shows them all when the block gets keyboard focus', async () => {
    const page = await open();
    // A keyword outside the focused lines, against a keyword of a block without focus.
    const sameAsKeyword = () =>
      page.evaluate(() => {
        const colour = (selector: string) => getComputedStyle(document.querySelector(selector)!).color;
        return (
          colour('.code-block[data-lang="python"] .line:not(.focused) .tk') ===
          colour('.code-block[data-lang="js"] .tk')
        );
      });
    expect(await sameAsKeyword()).toBe(false);
    // The block's scroll box is focusable: a keyboard user reaches it with Tab.
    await page.locator('.code-block[data-lang="python"] pre').focus();
    await page.waitForFunction(() => {
      const colour = (selector: string) => getComputedStyle(document.querySelector(selector)!).color;
      return (
        colour('.code-block[data-lang="python"] .line:not(.focused) .tk') === colour('.code-block[data-lang="js"] .tk')
      );
    });
    expect(await sameAsKeyword()).toBe(true);
  });
});
