import { writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { Renderer } from '../../../src/render/index.js';
import { devSiteEach, get } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

/** `dev` on test/fixtures/versions-i18n: the pages of 1.0 are in versions/1.0/content/. */
describe('dev server: a site with versions and languages', () => {
  const devSite = devSiteEach('versions-i18n');

  const edit = (file: string, change: (text: string) => string) => editFile(devSite.site.file(file), change);

  it("renders again only the page of an old version's locale that was edited", async () => {
    const renders = vi.spyOn(Renderer.prototype, 'renderChunk');
    await edit('versions/1.0/content/ar/guide/setup.md', (t) => t.replace('القديم', 'القديم جدًا'));
    const reload = await devSite.events.next('reload');
    expect(reload.data.routes).toEqual(['/1.0/ar/guide/setup/']);
    expect(renders.mock.calls.map(([page]) => page.regularPath)).toEqual(['/1.0/ar/guide/setup/']);
    expect((await get(`${devSite.dev.origin}/docs/1.0/ar/guide/setup/`)).text).toContain('القديم جدًا');
  });

  it('renders again the pages of an old version that include its edited partial', async () => {
    await edit('versions/1.0/content/_partials/note.md', (t) => t.replace('a note of 1.0', 'a revised note of 1.0'));
    const reload = await devSite.events.next('reload');
    expect(reload.data.routes).toEqual(['/1.0/guide/setup/']);
    expect((await get(`${devSite.dev.origin}/docs/1.0/guide/setup/`)).text).toContain('a revised note of 1.0');
  });

  it('rebuilds an old version with the constants it pinned when they change', async () => {
    await writeFile(devSite.site.file('versions/1.0/constants.json'), '{ "node": "16" }\n');
    await devSite.events.next('reload');
    await expect
      .poll(async () => (await get(`${devSite.dev.origin}/docs/1.0/guide/setup/`)).text, { timeout: 120_000 })
      .toContain('Install Node.js 16');
    expect((await get(`${devSite.dev.origin}/docs/guide/setup/`)).text).toContain('Install Node.js 22');
  });
});
