import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionWidths } from '../../../src/markdown/images.js';
import { render } from './render.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docs-images-'));
  await mkdir(path.join(root, 'content/guide'), { recursive: true });
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
  await writeFile(path.join(root, 'content/guide/editor.png'), await png(1200, 600));
  await writeFile(path.join(root, 'content/guide/editor-dark.png'), await png(1200, 600));
  await writeFile(path.join(root, 'content/guide/icon.png'), await png(64, 32));
  await writeFile(
    path.join(root, 'content/guide/flow.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"/>',
  );
  await writeFile(path.join(root, 'content/guide/broken.png'), 'not an image');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const imgTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

describe('markdown/images', () => {
  it('sizes every image from its file, and loads all but a first image above the first section lazily', () => {
    const { page, problems } = render(
      '![The editor](editor.png)\n\n## Next\n\n![Flow](flow.svg) ![An icon](icon.png)',
      root,
    );
    expect(problems).toEqual([]);
    const [first, ...rest] = imgTags(page.html).filter(
      (tag) => !tag.includes('loading="lazy" decoding="async"') || !tag.includes('editor'),
    );
    expect(first).toBe('<img src="/docs/guide/editor.png" alt="The editor" width="1200" height="600">');
    expect(rest).toEqual([
      '<img src="/docs/guide/flow.svg" alt="Flow" width="300" height="150" loading="lazy" decoding="async">',
      '<img src="/docs/guide/icon.png" alt="An icon" width="64" height="32" loading="lazy" decoding="async">',
    ]);
    expect(page.images.map(({ file, width, height, convert }) => ({ file, width, height, convert }))).toEqual([
      { file: 'guide/editor.png', width: 1200, height: 600, convert: true },
      { file: 'guide/flow.svg', width: 300, height: 150, convert: false },
      { file: 'guide/icon.png', width: 64, height: 32, convert: true },
    ]);
    expect(page.features).toEqual(['images']);
  });

  it('offers AVIF and WebP renditions at responsive widths in a <picture>, the original as the fallback', () => {
    const { page } = render('Text first.\n\n## Shot\n\n![The editor](editor.png)', root);
    const hash = page.images[0].hash;
    const srcset = (format: string) =>
      renditionWidths(1200)
        .map((w) => `/docs/assets/img/editor.${hash}.${w}.${format} ${w}w`)
        .join(', ');
    expect(renditionWidths(1200)).toEqual([480, 768, 1200]);
    expect(renditionWidths(4000)).toEqual([480, 768, 1536]);
    expect(renditionWidths(300)).toEqual([300]);
    expect(page.html).toContain(
      `<picture><source type="image/avif" srcset="${srcset('avif')}" sizes="(min-width: 48rem) 48rem, 100vw"><source type="image/webp" srcset="${srcset('webp')}" sizes="(min-width: 48rem) 48rem, 100vw"><img src="/docs/guide/editor.png"`,
    );
    // An SVG is vector already: no renditions.
    expect(render('![Flow](flow.svg)', root).page.html).not.toContain('<picture>');
  });

  it('shows #dark and #light variants of an image in one theme each', () => {
    const { page } = render('![The editor](editor.png#light) ![The editor](editor-dark.png#dark)', root);
    expect(page.html).toContain('<span class="zoom only-light">');
    expect(page.html).toContain('<span class="zoom only-dark">');
    expect(page.html).not.toMatch(/src="[^"]*#(dark|light)"/);
  });

  it('makes a large image a button that opens it enlarged in a popover, and leaves small or linked images alone', () => {
    const { page } = render(
      '![The editor](editor.png)\n\n[![Linked](editor.png)](https://example.com) ![An icon](icon.png) ![](editor.png)',
      root,
    );
    expect(page.html).toContain(
      '<button type="button" class="zoom-open" popovertarget="image-zoom-1" aria-label="Enlarge image: The editor"><picture>',
    );
    expect(page.html).toMatch(
      /<span id="image-zoom-1" popover="auto" class="zoom-view" role="dialog" aria-label="The editor"><button type="button" class="zoom-close" popovertarget="image-zoom-1" popovertargetaction="hide" aria-label="Close the enlarged image"><picture><source type="image\/avif" srcset="[^"]+" sizes="100vw">/,
    );
    expect(page.html.match(/zoom-open/g)).toHaveLength(1);
  });

  it('fails on an image whose size cannot be read, with the line', () => {
    const { problems } = render('Text.\n\n![Broken](broken.png)', root);
    expect(problems).toEqual([
      expect.stringMatching(/^guide\/page\.md:7:1 {2}cannot read the size of the image broken\.png/),
    ]);
  });
});
