import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETIRED, STORES, storeOf } from '../../../src/incremental/index.js';
import { REPO } from '../../helpers/site.js';

/** Every name a source file passes to `cachePath` (the literal start of it: a template's text before its first `${`). */
async function cacheNames(): Promise<{ name: string; file: string }[]> {
  const found: { name: string; file: string }[] = [];
  const dir = path.join(REPO, 'src');
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/cachePath\(\s*[\w.]+,\s*(?:\n\s*)?(?:[\w.]+\.[\w]+\s*\?\s*)?['`]([^'`$]*)/g))
      found.push({ name: match[1]!.split('/')[0]!, file: path.relative(REPO, file) });
  }
  return found;
}

describe('the table of stores (src/incremental/index.ts)', () => {
  it('lists every store the sources write under the cache folder', async () => {
    const names = await cacheNames();
    expect(names.length).toBeGreaterThanOrEqual(12);
    const retired: readonly string[] = RETIRED;
    const missing = names.filter(
      ({ name }) => name && !storeOf(name) && !storeOf(name.replace(/-dev$/, '')) && !retired.includes(name),
    );
    expect(missing, 'a cachePath name with no entry in STORES').toEqual([]);
  });

  it('names a module that exists for each store', async () => {
    for (const store of STORES)
      for (const module of store.module.split(', '))
        await expect(readFile(path.join(REPO, module)), `${store.name}: ${module}`).resolves.toBeTruthy();
  });
});
