import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf } from '../../src/incremental/file-identity.js';
import { readManifest, writeManifest, type StoredManifest } from '../../src/incremental/stored-manifest.js';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

const stored = (): StoredManifest => ({
  pages: new Map([
    ['/', { renderKey: 'k1', chunk: 'assets/js/a.js', paths: ['assets/js/a.js', 'index.html', 'index.md'] }],
    // A page whose files come from its job has no chunk yet.
    ['/empty/', { renderKey: 'k2', chunk: '', paths: [] }],
    ['/guide/', { renderKey: 'k3', chunk: 'assets/js/b.js', paths: ['assets/js/b.js', 'guide/index.html'] }],
  ]),
  siteFiles: new Map([
    ['sitemap.xml', 'h1'],
    ['llms.txt', 'h2'],
  ]),
  identities: new Map([
    ['assets/js/a.js', identityOf(5460273, 61045, 1795631205339.1584)],
    ['index.html', identityOf(12, 0, 1795631205339)],
    ['index.md', ''], // a file that could not be stat'ed
    ['assets/js/b.js', identityOf(9007199254740991, 7, 1.5)],
    ['guide/index.html', identityOf(13, 2048, 1795631205340.25)],
    ['sitemap.xml', identityOf(14, 99, 1795631205341.001)],
    ['llms.txt', identityOf(15, 1, 0)],
  ]),
  version: '123-456-abcd',
  spare: 'spare-1',
  folders: new Map([
    ['.', '1795631155615'],
    ['assets', ''],
    ['guide', '1795631155616'],
  ]),
});

async function roundTrip(manifest: StoredManifest): Promise<StoredManifest | undefined> {
  root ??= await mkdtemp(path.join(os.tmpdir(), 'docs-manifest-'));
  const file = path.join(root, 'output.v8');
  await writeManifest(file, 'salt', manifest);
  return readManifest(file, 'salt');
}

describe('stored output manifest', () => {
  it('reads back what was stored: pages, site files, identities, versions and folders', async () => {
    const manifest = stored();
    expect(await roundTrip(manifest)).toEqual(manifest);
  });

  it('reads back one page without files, and a manifest without spare or folders', async () => {
    const one: StoredManifest = {
      pages: new Map([['/', { renderKey: 'k', chunk: '', paths: [] }]]),
      siteFiles: new Map(),
      identities: new Map(),
    };
    expect(await roundTrip(one)).toEqual(one);
    const none: StoredManifest = { pages: new Map(), siteFiles: new Map(), identities: new Map() };
    expect(await roundTrip(none)).toEqual(none);
  });

  it('stores none for a name with a line break, and reads none under another salt', async () => {
    const manifest = stored();
    manifest.identities.set('odd\nname.html', identityOf(1, 2, 3));
    expect(await roundTrip(manifest)).toBeUndefined();
    await writeManifest(path.join(root!, 'output.v8'), 'salt', stored());
    expect(await readManifest(path.join(root!, 'output.v8'), 'another salt')).toBeUndefined();
  });
});
