import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editOfListed } from '../../src/content/listing.js';
import type { ContentListing } from '../../src/content/listing.js';

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

  it('tells an edit of a listed file from a file added, removed, or never listed', async () => {
    expect(editOfListed(listing, dir, 'guide/b.md')).toBe(true);
    expect(editOfListed(listing, dir, 'guide/diagram.png')).toBe(true);
    await write('guide/bb.md');
    expect(editOfListed(listing, dir, 'guide/bb.md')).toBe(false);
    await unlink(path.join(dir, 'z.md'));
    expect(editOfListed(listing, dir, 'z.md')).toBe(false);
    expect(editOfListed(listing, dir, 'page.md.tmp')).toBe(false);
    await rm(path.join(dir, 'guide'), { recursive: true });
    await write('guide/b.md/inner.md'); // a folder where a listed page was
    expect(editOfListed(listing, dir, 'guide/b.md')).toBe(false);
  });
});
