import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { identity, identityOf } from '../../src/incremental/file-identity.js';
import { identitiesOf } from '../../src/incremental/identities.js';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('identitiesOf', () => {
  it('gives, from its own thread, the identities a stat each gives, in order, and none for a missing file', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-identity-'));
    await mkdir(path.join(root, 'guide/deep'), { recursive: true });
    const files = ['index.html', 'guide/index.html', 'guide/deep/page.md', 'missing.html', 'guide/gone/index.html'];
    for (const [i, file] of files.slice(0, 3).entries()) await writeFile(path.join(root, file), 'x'.repeat(i * 100));

    const aside = await identitiesOf(root, files, 1);
    const inline = await identitiesOf(root, files, Infinity);

    expect(aside).toEqual(inline);
    expect(aside).toEqual(files.map((file) => identity(path.join(root!, file))));
    expect(aside.slice(3)).toEqual(['', '']);
    // Inode, size and time: an edit that changes the size shows.
    const guide = await stat(path.join(root, 'guide/index.html'));
    expect(aside[1]).toBe(identityOf(guide.ino, 100, guide.mtimeMs));
    await writeFile(path.join(root, 'guide/index.html'), 'y');
    expect((await identitiesOf(root, files, 1))[1]).not.toBe(aside[1]);
  });

  it('counts a file under a folder replaced by a file as missing, in its thread and here', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-identity-'));
    await writeFile(path.join(root, 'guide'), 'a file where the folder was');
    const files = ['guide/index.html', 'guide'];
    expect((await identitiesOf(root, files, 1))[0]).toBe('');
    expect((await identitiesOf(root, files, Infinity))[0]).toBe('');
    expect((await identitiesOf(root, files, 1))[1]).not.toBe('');
  });

  it('throws a file system error as a stat here throws it when its thread fails on it', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-identity-'));
    const tooLong = [`${'x'.repeat(300)}.html`];
    await expect(identitiesOf(root, tooLong, 1)).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
    await expect(identitiesOf(root, tooLong, Infinity)).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
  });
});
