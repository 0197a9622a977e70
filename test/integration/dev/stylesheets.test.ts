import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { RebuildResult } from '../../../src/dev/builder.js';
import { devSiteEach, get } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

/** A site with a custom stylesheet: what `dev` does when it, or the configuration, is saved. */
describe('dev with a custom stylesheet', () => {
  const devSite = devSiteEach('dev', {
    prepare: async (site) => {
      await mkdir(site.file('styles'));
      await writeFile(site.file('styles/brand.css'), ':root { --brand: #0f766e; }\n');
      await editFile(site.file('docs.config.ts'), (t) =>
        t.replace("base: '/docs/',", "base: '/docs/',\n  customCss: ['styles/brand.css'],"),
      );
    },
  });

  /** The next rebuild `dev` reports. */
  const nextRebuild = () =>
    new Promise<RebuildResult>((resolve) => {
      const stop = devSite.dev.onRebuild((result) => {
        stop();
        resolve(result);
      });
    });

  it('swaps the stylesheet in open tabs without rendering a page again', async () => {
    const link = () =>
      get(`${devSite.dev.origin}/docs/`).then((r) => /href="([^"]*custom[^"]*\.css)"/.exec(r.text)![1]);
    const before = await link();
    const rebuilt = nextRebuild();
    await editFile(devSite.site.file('styles/brand.css'), (t) => `${t}.licence { font-style: italic; }\n`);
    const result = await rebuilt;
    expect(result.rendered).toEqual([]);
    expect(result.event).toMatchObject({ type: 'style', previous: before });
    const after = await link();
    expect(after).not.toBe(before);
    expect((await get(`${devSite.dev.origin}${after}`)).text).toContain('italic');
  });

  it('builds nothing more when the watcher looks again at a configuration file that is as it was built', async () => {
    const config = devSite.site.file('docs.config.ts');
    await editFile(config, (t) => t.replace("title: 'Dev Docs'", "title: 'Dev Docs 2'"));
    await devSite.events.next('reload');
    // The second look at the same save (the watcher's, or an editor saving again without a change).
    expect(await devSite.dev.builder.update([config])).toBeNull();
    expect(await devSite.dev.builder.update([devSite.site.file('styles/brand.css')])).toBeNull();
  });
});
