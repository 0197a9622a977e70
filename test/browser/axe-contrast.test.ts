import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';
import { fastContrast } from '../helpers/contrast.js';

/**
 * The accessibility gate's contrast judgement (test/helpers/contrast.ts before axe's color-contrast rule):
 * text too pale for its background fails the gate whether the fast check judges it or hands it to axe.
 */
describe('browser: the contrast check of the accessibility gate', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function pageWith(body: string): Promise<Page> {
    const page = await browser.browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Contrast</title></head><body style="background:#fff;color:#222"><main>${body}</main></body></html>`,
    );
    return page;
  }
  const contrastFailures = async (page: Page, contrast: 'fast' | 'axe') =>
    (await axeViolations(page, { contrast }))
      .filter((v) => v.id === 'color-contrast')
      .flatMap((v) => v.nodes.map((n) => n.target.join(' ')));

  it('passes dark text on a plain light background without axe, and axe finds nothing either', async () => {
    const page = await pageWith('<h1>Title</h1><p>Readable text with <a href="#x">a link</a>.</p>');
    const fast = await fastContrast(page);
    expect(fast).toMatchObject({ marked: 0, failing: [] });
    expect(fast.passed).toBeGreaterThanOrEqual(3);
    expect(await contrastFailures(page, 'fast')).toEqual([]);
    await page.close();
  });

  it('catches pale text on a solid background on the fast path', async () => {
    const page = await pageWith('<p>Fine text.</p><p id="pale" style="color:#aaa">Pale text on white.</p>');
    const fast = await fastContrast(page);
    expect(fast.failing).toEqual([expect.stringContaining('id="pale"')]);
    expect(fast.marked).toBe(1);
    expect(await contrastFailures(page, 'fast')).toEqual(['#pale']);
    expect(await contrastFailures(page, 'axe')).toEqual(['#pale']);
    await page.close();
  });

  it('hands text it cannot judge to axe, which catches it when too pale', async () => {
    // Dark grey, but faded to half by its parent's opacity: the fast check does not compose opacity.
    const page = await pageWith(
      '<p>Fine text.</p><div style="opacity:0.4"><p id="faded" style="color:#555">Faded text.</p></div>',
    );
    const fast = await fastContrast(page);
    expect(fast.failing).toEqual([]);
    expect(fast.reasons).toEqual({ 'effect on the way': 1 });
    expect(await contrastFailures(page, 'fast')).toEqual(['#faded']);
    expect(await contrastFailures(page, 'axe')).toEqual(['#faded']);
    await page.close();
  });

  it('hands text over a background image to axe rather than judging it against a colour', async () => {
    const page = await pageWith(
      '<div style="background:#fff linear-gradient(#000, #111)"><p id="over" style="color:#fff">On a gradient.</p></div>',
    );
    expect((await fastContrast(page)).reasons).toEqual({ 'effect on the way': 1 });
    await page.close();
  });

  it('leaves to axe the links that only their colour sets apart, and axe catches one too close to the text', async () => {
    const page = await pageWith(
      '<p>A sentence of running text long enough to be a paragraph, with <a href="#a" id="plain" style="text-decoration:none;color:#333">a plain link</a> in it, and <a href="#b">an underlined one</a> after it, as prose has.</p>',
    );
    expect((await fastContrast(page)).links).toEqual({ distinct: 1, marked: 1 });
    const linkFailures = async (contrast: 'fast' | 'axe') =>
      (await axeViolations(page, { contrast }))
        .filter((v) => v.id === 'link-in-text-block')
        .flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    expect(await linkFailures('fast')).toEqual(['#plain']);
    expect(await linkFailures('axe')).toEqual(['#plain']);
    await page.close();
  });
});
