import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeInSchemes, axeViolations } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';
import { fastContrast } from '../helpers/contrast.js';
import { pageSettled } from '../quality/site.js';

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
  it('passes text beside inline code that wraps to the next line: the code paints its line fragments, not the box around them', async () => {
    const page = await pageWith(
      '<p style="width:220px">Words before <code style="background:#eee">a long code span that wraps onto the next line</code> and words after it.</p>',
    );
    expect(await fastContrast(page)).toMatchObject({ marked: 0, reasons: {} });
    expect(await contrastFailures(page, 'fast')).toEqual([]);
    await page.close();
  });

  it('passes a title cut short by its overflow beside a painted button, and hands text under a painted box to axe', async () => {
    const page = await pageWith(
      '<div style="display:flex;width:300px"><span style="flex:1;overflow:hidden;white-space:nowrap">A very long title that runs on past the button beside it</span><button style="background:#eee;color:#222;border:0">Go</button></div>' +
        '<div style="position:relative"><p id="under">Text under a box painted over it.</p><div style="position:absolute;inset:0;background:#fff"></div></div>',
    );
    expect((await fastContrast(page)).reasons).toEqual({ overlap: 1 });
    await page.close();
  });

  it('judges each element by its own ancestors, though it keeps what it read of them for the next element', async () => {
    // The check keeps each ancestor's background and clip for the next element that passes it: a sibling judged
    // first must not decide for one that is paler, or that escapes the clip (positioned) to run under a painted box.
    const page = await pageWith(
      '<div style="background:#fff"><section><p>Dark enough.</p><p id="pale" style="color:#bbb">Too pale.</p></section></div>' +
        '<div style="position:relative;overflow:hidden;height:40px;width:200px"><span>Clipped title that is readable</span>' +
        '<span id="escapes" style="position:absolute;top:60px;left:0">Out of the clip</span></div>' +
        '<div style="position:relative;height:60px"><div style="position:absolute;top:0;left:0;width:300px;height:40px;background:#ddd"></div></div>',
    );
    const fast = await fastContrast(page);
    expect(fast.failing).toEqual([expect.stringContaining('id="pale"')]);
    expect(fast.reasons).toEqual({ overlap: 1 });
    expect(await contrastFailures(page, 'fast')).toEqual(['#pale']);
    await page.close();
  });

  it('judges every rule again in the second colour scheme where the page changed with it', async () => {
    // In dark only: an image without a text alternative shows, and a button's state becomes invalid.
    const page = await pageWith(
      '<style>.dark-only { display: none } @media (prefers-color-scheme: dark) { .dark-only { display: inline } }</style>' +
        '<p>Text <img class="dark-only" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1"></p>' +
        '<header><button id="toggle" aria-pressed="false">Theme</button></header>' +
        '<script>matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => document.getElementById("toggle").setAttribute("aria-pressed", e.matches ? "maybe" : "false"))</script>',
    );
    const found = async (schemes: ('light' | 'dark')[]) =>
      (await axeInSchemes(page, schemes, (scheme) => scheme)).map((line) => line.split(':')[0]).sort();
    expect(await found(['light', 'dark'])).toEqual(['dark  aria-valid-attr-value', 'dark  image-alt']);
    // With the image shown in both, only the toggle's attribute differs: the other rules run again within its header.
    await page.addStyleTag({ content: 'p .dark-only { display: inline }' });
    expect(await found(['light', 'dark'])).toEqual(['dark  aria-valid-attr-value', 'light  image-alt']);
    await page.close();
  });

  it('waits under a policy without eval for a page that becomes whole after the first look (pageSettled)', async () => {
    const page = await browser.browser.newPage();
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Policy</title><meta http-equiv="Content-Security-Policy" content="script-src 'none'"></head><body><main><div class="tabs"></div></main></body></html>`,
    );
    const settled = pageSettled(page);
    // The first look has found the page not yet whole: the runtime is ready and the tab group built only now.
    await page.evaluate(() => (document.documentElement.dataset.runtime = 'ready'));
    await page.evaluate(() => document.querySelector('.tabs')!.classList.add('tabs-ready'));
    await settled;
    await page.close();
  });
});
