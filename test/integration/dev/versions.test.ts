import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Renderer } from '../../../src/render/index.js';
import { copySite, EventStream, get, startDev } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

/** `dev` on test/fixtures/versions-i18n: the pages of 1.0 are in versions/1.0/content/. */
describe('dev server: a site with versions and languages', () => {
  let site: Awaited<ReturnType<typeof copySite>>;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let events: EventStream;

  beforeEach(async () => {
    site = await copySite('versions-i18n');
    dev = await startDev(site.root, { watchLayout: false });
    events = await EventStream.open(`${dev.origin}/docs/__dev/events`);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    events?.close();
    await dev?.close();
    await site?.cleanup();
  });

  const edit = (file: string, change: (text: string) => string) => editFile(site.file(file), change);

  it("renders again only the page of an old version's locale that was edited", async () => {
    const renders = vi.spyOn(Renderer.prototype, 'renderChunk');
    await edit('versions/1.0/content/ar/guide/setup.md', (t) => t.replace('القديم', 'القديم جدًا'));
    const reload = await events.next('reload');
    expect(reload.data.routes).toEqual(['/1.0/ar/guide/setup/']);
    expect(renders.mock.calls.map(([page]) => page.regularPath)).toEqual(['/1.0/ar/guide/setup/']);
    expect((await get(`${dev.origin}/docs/1.0/ar/guide/setup/`)).text).toContain('القديم جدًا');
  });

  it('renders again the pages of an old version that include its edited partial', async () => {
    await edit('versions/1.0/content/_partials/note.md', (t) => t.replace('a note of 1.0', 'a revised note of 1.0'));
    const reload = await events.next('reload');
    expect(reload.data.routes).toEqual(['/1.0/guide/setup/']);
    expect((await get(`${dev.origin}/docs/1.0/guide/setup/`)).text).toContain('a revised note of 1.0');
  });

  it('rebuilds an old version with the constants it pinned when they change', async () => {
    await writeFile(site.file('versions/1.0/constants.json'), '{ "node": "16" }\n');
    await events.next('reload');
    await expect
      .poll(async () => (await get(`${dev.origin}/docs/1.0/guide/setup/`)).text, { timeout: 120_000 })
      .toContain('Install Node.js 16');
    expect((await get(`${dev.origin}/docs/guide/setup/`)).text).toContain('Install Node.js 22');
  });
});
