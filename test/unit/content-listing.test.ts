import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editOfListed, patchListing } from '../../src/content-listing.js';
import type { ContentListing } from '../../src/source-memo.js';

describe('content-listing', () => {
  let dir: string;
  let listing: ContentListing;
  const write = async (file: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), 'text\n');
  };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-listing-'));
    for (const file of ['a.md', 'guide/b.md', 'guide/c.md', 'guide/diagram.png', 'z.md']) await write(file);
    listing = { pages: ['a.md', 'guide/b.md', 'guide/c.md', 'z.md'], staticFiles: ['guide/diagram.png'], refused: [] };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps the listing itself when a listed file was edited, or an unlisted one came and went', () => {
    expect(patchListing(listing, dir, 'guide/b.md')).toBe(listing);
    expect(patchListing(listing, dir, 'guide/never.md')).toBe(listing);
  });

  it('tells an edit of a listed file from a file added, removed, or never listed', async () => {
    expect(editOfListed(listing, dir, 'guide/diagram.png')).toBe(true);
    await write('new.md');
    expect(editOfListed(listing, dir, 'new.md')).toBe(false);
    await unlink(path.join(dir, 'z.md'));
    expect(editOfListed(listing, dir, 'z.md')).toBe(false);
    expect(editOfListed(listing, dir, 'page.md.tmp')).toBe(false);
  });

  it('puts a file added in its sorted place, among the pages or the other files', async () => {
    await write('guide/bb.md');
    await write('guide/photo.jpg');
    const added = patchListing(patchListing(listing, dir, 'guide/bb.md')!, dir, 'guide/photo.jpg')!;
    expect(added.pages).toEqual(['a.md', 'guide/b.md', 'guide/bb.md', 'guide/c.md', 'z.md']);
    expect(added.staticFiles).toEqual(['guide/diagram.png', 'guide/photo.jpg']);
    expect(listing.pages).toHaveLength(4); // the last listing is not changed
  });

  it('takes out a file removed, and every file of a folder removed', async () => {
    await unlink(path.join(dir, 'a.md'));
    expect(patchListing(listing, dir, 'a.md')!.pages).toEqual(['guide/b.md', 'guide/c.md', 'z.md']);
    await rm(path.join(dir, 'guide'), { recursive: true });
    const gone = patchListing(listing, dir, 'guide')!;
    expect(gone.pages).toEqual(['a.md', 'z.md']);
    expect(gone.staticFiles).toEqual([]);
  });

  it('leaves to a walk a folder added, a symbolic link, a file in a linked folder, refused paths, the folder gone', async () => {
    await write('tutorials/first.md');
    expect(patchListing(listing, dir, 'tutorials')).toBeUndefined();
    await symlink(path.join(dir, 'a.md'), path.join(dir, 'link.md'));
    expect(patchListing(listing, dir, 'link.md')).toBeUndefined();
    await symlink(path.join(dir, 'guide'), path.join(dir, 'linked'));
    expect(patchListing(listing, dir, 'linked/b.md')).toBeUndefined();
    await write('new.md');
    const refused = { ...listing, refused: [{ path: 'out', message: 'outside', fix: 'remove it' }] };
    expect(patchListing(refused, dir, 'new.md')).toBeUndefined();
    await rm(dir, { recursive: true });
    expect(patchListing(listing, dir, 'a.md')).toBeUndefined(); // the content folder itself is gone
  });
});
