import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site.js';
import { copySite, EventStream, get, runDev } from './harness.js';

/**
 * Permissions do not apply to root: run as root (CI in a container), the servers and builds of
 * these tests run as the unprivileged user "nobody", who owns the copy of the site.
 */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** Whether a value matches what `expect(...).toEqual(expected)` accepts. */
function equal(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

describe('dev server: files and folders it may not read', { timeout: 180_000 }, () => {
  let site: Awaited<ReturnType<typeof copySite>>;
  let dev: ReturnType<typeof runDev>;
  let events: EventStream;
  let user: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv };

  beforeEach(async () => {
    site = await copySite('dev');
    user = {};
    if (asRoot) {
      await chownTree(site.root, NOBODY);
      user = { uid: NOBODY, gid: NOBODY, env: { ...process.env, HOME: site.root } };
    }
    dev = runDev([site.root, '--port', '0'], user);
    events = await EventStream.open(`${await dev.started}__dev/events`);
  });
  afterEach(async () => {
    events?.close();
    dev?.stop();
    await dev?.exited;
    // Readable again, so that the copy can be removed.
    await chmodTree(site.root);
    await site?.cleanup();
  });

  /** `docs build` of the same site as the same user: its output, to compare the problems with. */
  async function build(): Promise<string> {
    const out = path.join(site.root, 'out');
    const result = await promisify(execFile)(
      process.execPath,
      [path.join(REPO, 'bin/docs.js'), 'build', site.root, '--out', out],
      { cwd: REPO, ...user },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect((result as { code?: number }).code).toBe(1);
    return `${result.stdout}${result.stderr}`;
  }

  it('reports a folder it may not read as build does, keeps serving, and reads it once it is readable', async () => {
    const url = await dev.started;
    await mkdir(site.file('content/secret'));
    await writeFile(
      site.file('content/secret/page.md'),
      '---\ntitle: Secret page\ndescription: Behind a locked folder.\n---\n\nText.\n',
    );
    if (asRoot) await chownTree(site.file('content/secret'), NOBODY);
    await chmod(site.file('content/secret'), 0o000);

    // The folder's page may be seen half written on the way: the problems it ends with count.
    const locked = [
      expect.objectContaining({
        file: 'content/secret',
        message: 'cannot read a folder in the content folder: EACCES',
      }),
    ];
    await events.next('problems', (data) => equal(data.problems, locked));
    expect((await get(`${url}guide/install/`)).status).toBe(200);
    // The terminal and `build` name the same folder and say the same thing.
    const said = /content\/secret[\s-]+cannot read a folder in the content folder: EACCES/;
    expect(dev.output().stderr).toMatch(said);
    expect(await build()).toMatch(said);

    await chmod(site.file('content/secret'), 0o755);
    await events.next('reload');
    expect((await get(`${url}secret/page/`)).text).toContain('>Secret page</h1>');
    // Watched again: an edit inside the folder is seen.
    await writeFile(
      site.file('content/secret/page.md'),
      '---\ntitle: Open page\ndescription: Behind an open folder.\n---\n\nText.\n',
    );
    await events.next('reload', (data) => (data.routes as string[]).includes('/secret/page/'));
    expect((await get(`${url}secret/page/`)).text).toContain('>Open page</h1>');
  });

  it('reports a new page it may not read as build does, and serves it once it is readable', async () => {
    const url = await dev.started;
    await writeFile(
      site.file('content/locked.md'),
      '---\ntitle: Locked\ndescription: Not readable yet.\n---\n\nText.\n',
      { mode: 0o000 },
    );
    if (asRoot) await chown(site.file('content/locked.md'), NOBODY, NOBODY);

    await events.next('problems', (data) =>
      equal(data.problems, [expect.objectContaining({ file: 'locked.md', message: 'cannot read the file: EACCES' })]),
    );
    expect((await get(`${url}guide/install/`)).status).toBe(200);
    expect(dev.output().stderr).toMatch(/locked\.md[\s-]+cannot read the file: EACCES/);
    expect(await build()).toMatch(/locked\.md[\s-]+cannot read the file: EACCES/);

    await chmod(site.file('content/locked.md'), 0o644);
    await events.next('reload');
    expect((await get(`${url}locked/`)).text).toContain('>Locked</h1>');
  });
});

async function chownTree(dir: string, id: number): Promise<void> {
  await chown(dir, id, id);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    await chown(path.join(entry.parentPath, entry.name), id, id);
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o755).catch(() => undefined);
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(full);
    else if (!entry.isSymbolicLink()) await chmod(full, 0o644).catch(() => undefined);
  }
}
