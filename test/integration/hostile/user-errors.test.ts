import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Inputs that printed `Internal error` and a stack (issue 37): each is now a user error, exit 1, naming
 * the file or setting at fault and what to do.
 */

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function site(files: Record<string, string>) {
  const made = await tmpSite({ 'content/index.md': page('Home', '## Start\n\nHello.'), ...files });
  cleanup = made.cleanup;
  return made.root;
}

async function buildOf(root: string) {
  const r = await runCli(['build', root]);
  expect(r.stderr).not.toMatch(/Internal error|    at /);
  return r;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A PNG of `width` x `height` grey pixels whose data is `rows` rows (fewer than claimed: a lying header). */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(rows * (width + 1), 0x80);
  for (let r = 0; r < rows; r++) raw[r * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('inputs that crashed the build are user errors with the file and a fix', () => {
  it('a PNG with a bad CRC', async () => {
    const root = await site({ 'content/pic.md': page('Pic', '![A picture](./shot.png)') });
    const bytes = png(16, 16);
    bytes[bytes.length - 20] ^= 0xff; // inside IDAT: its CRC no longer matches
    await writeFile(path.join(root, 'content/shot.png'), bytes);
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/shot\.png/);
    expect(r.stderr).toMatch(/fix:/);
  });

  it('a PNG whose header claims 30000x30000 pixels', async () => {
    const root = await site({ 'content/pic.md': page('Pic', '![A picture](./huge.png)') });
    await writeFile(path.join(root, 'content/huge.png'), png(30000, 30000, 1));
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/huge\.png/);
    expect(r.stderr).toMatch(/fix:/);
  });

  it('a page name of 253 bytes', async () => {
    const name = `${'a'.repeat(250)}.md`;
    const root = await site({ [`content/${name}`]: page('Long') });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a'.repeat(250));
    expect(r.stderr).toMatch(/fix: .*shorter/);
  });

  it('a symbolic-link loop in content/', async () => {
    const root = await site({});
    await symlink('loop-b', path.join(root, 'content/loop-a'));
    await symlink('loop-a', path.join(root, 'content/loop-b'));
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/loop-[ab]/);
    expect(r.stderr).toMatch(/fix:/);
  });

  it('a _folder.yml with an alias bomb', async () => {
    const bomb = [
      'label: Guide',
      'a: &a [x,x,x,x,x,x,x,x,x]',
      ...Array.from({ length: 8 }, (_, i) => {
        const [name, prev] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
        return `${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`;
      }),
    ].join('\n');
    const root = await site({ 'content/guide/_folder.yml': bomb, 'content/guide/intro.md': page('Intro') });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/guide\/_folder\.yml/);
    expect(r.stderr).toMatch(/alias/);
  });

  it.each([['x'.repeat(250)], ['robots.txt'], ['404.html'], ['search.json']])(
    '`docs version` named %s',
    async (name) => {
      const root = await site({});
      const r = await runCli(['version', name, root]);
      expect(r.stderr).not.toMatch(/Internal error|    at /);
      expect(r.code).toBeGreaterThan(0);
      expect(r.stderr).toContain(name.slice(0, 40));
    },
  );

  it('a sidebar.json of the wrong shape', async () => {
    const root = await site({
      'docs.config.ts': configFile({ versions: { current: { name: '2.0' } } }),
      'versions.json': JSON.stringify(['1.0']),
      'versions/1.0/content/index.md': page('Old home'),
      'versions/1.0/sidebar.json': JSON.stringify({ items: 3 }),
    });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/versions\/1\.0\/sidebar\.json/);
    expect(r.stderr).toMatch(/fix:/);
  });

  it('a locale whose lang is not a language tag', async () => {
    const root = await site({
      'docs.config.ts': configFile({ locales: { root: { label: 'English' }, de: { label: 'Deutsch', lang: 'not a tag!' } } }),
      'content/de/index.md': page('Start'),
    });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/locales\.de\.lang/);
  });

  const pluginConfig = (plugin: string) =>
    `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ plugins: [${plugin}] });\n`;

  it.each([["'assets'"], ["''"], ['null']])('a plugin output at %s', async (at) => {
    const root = await site({
      'docs.config.ts': pluginConfig(`{ name: 'out', outputs: () => [{ path: ${at}, contents: 'x' }] }`),
    });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/out/);
    expect(r.stderr).toMatch(/outputs/);
  });

  it('a plugin check returning a string', async () => {
    const root = await site({
      'docs.config.ts': pluginConfig(`{ name: 'checker', checks: () => [{ name: 'strings', run: () => 'all good' }] }`),
    });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/checker/);
    expect(r.stderr).toMatch(/strings/);
  });

  it('malformed search records from a plugin', async () => {
    const root = await site({
      'docs.config.ts': pluginConfig(`{ name: 'records', searchRecords: () => [{ url: 5 }, null] }`),
    });
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/records/);
    expect(r.stderr).toMatch(/searchRecords/);
  });
});

const execFileAsync = promisify(execFile);

/** Makes `dir` read-only by binding it over itself (tests run as root, which chmod does not stop); undefined where mount is not allowed. Unmounted lazily: a page worker may still hold the folder a moment. */
async function readOnly(dir: string): Promise<(() => Promise<void>) | undefined> {
  try {
    await execFileAsync('mount', ['--bind', '-o', 'ro', dir, dir]);
  } catch {
    return undefined;
  }
  return async () => void (await execFileAsync('umount', ['-l', dir]));
}

describe('a disk the build cannot write is a user error naming the path and what to do', () => {
  /** Builds once (so there is a previous output), then breaks the disk with `harm` and builds again. */
  async function secondBuild(harm: (root: string) => Promise<() => Promise<void>>) {
    const root = await site({ 'content/guide.md': page('Guide') });
    expect((await runCli(['build', root])).code).toBe(0);
    const before = await readFile(path.join(root, 'dist/guide/index.html'), 'utf8');
    await writeFile(path.join(root, 'content/guide.md'), page('Guide', 'Changed.'));
    const undo = await harm(root);
    try {
      const r = await buildOf(root);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('fix:');
      // The previous site is still served as it was.
      expect(await readFile(path.join(root, 'dist/guide/index.html'), 'utf8')).toBe(before);
      return r;
    } finally {
      await undo();
    }
  }

  it('a full disk (ENOSPC, injected at the writer)', async () => {
    const before = process.env.DOCS_WRITE_FAULT;
    const r = await secondBuild(async () => {
      process.env.DOCS_WRITE_FAULT = '1:ENOSPC';
      return async () => {
        if (before === undefined) delete process.env.DOCS_WRITE_FAULT;
        else process.env.DOCS_WRITE_FAULT = before;
      };
    });
    expect(r.stderr).toMatch(/the disk is full: cannot write \.dist\.builds\/\S+ \(ENOSPC\)/);
    expect(r.stderr).toContain('free space on that disk');
  });

  it('the project root read-only (EROFS)', async (context) => {
    let mounted = true;
    const r = await secondBuild(async (root) => {
      const undo = await readOnly(root);
      mounted = !!undo;
      return undo ?? (async () => {});
    }).catch((error: unknown) => (mounted ? Promise.reject(error) : undefined));
    if (!mounted) return context.skip();
    expect(r!.stderr).toMatch(/read-only file system: cannot write \S+ \(EROFS\)/);
  });

  it('.dist.builds/ not writable (read-only)', async (context) => {
    let mounted = true;
    const r = await secondBuild(async (root) => {
      const undo = await readOnly(path.join(root, '.dist.builds'));
      mounted = !!undo;
      return undo ?? (async () => {});
    }).catch((error: unknown) => (mounted ? Promise.reject(error) : undefined));
    if (!mounted) return context.skip();
    expect(r!.stderr).toMatch(/read-only file system: cannot write \.dist\.builds\/\S* \(EROFS\)/);
  });

  it('.dist.builds/ a file where the folder should be', async () => {
    const root = await site({ 'content/guide.md': page('Guide') });
    await writeFile(path.join(root, '.dist.builds'), '');
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a file stands where a folder is expected: \.dist\.builds/);
    expect(r.stderr).toContain('fix: remove or rename that file');
  });

  it('the cache not writable (a file where node_modules/.cache should be)', async () => {
    const root = await site({ 'content/guide.md': page('Guide', '![A picture](./shot.png)') });
    await writeFile(path.join(root, 'content/shot.png'), png(16, 16));
    await mkdir(path.join(root, 'node_modules'), { recursive: true });
    await writeFile(path.join(root, 'node_modules/.cache'), 'not a folder');
    const r = await buildOf(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/node_modules\/\.cache/);
    expect(r.stderr).toContain('fix:');
  });
});
