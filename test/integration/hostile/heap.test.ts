import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Issue 37: MDX code that allocates without end ran until V8 aborted the process (4.8 GB, no page
 * named). MDX pages render in a page worker whose heap is bounded by `limits.heapMb`: the build stops
 * with the page and the limit, exit 1, and the last output as it was. Each build runs in a process of
 * its own, as a writer runs it: a heap that outgrew the process would abort the tests too.
 */

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Allocates about 0.8 MB a turn and keeps all of it. */
const HOG = 'const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length));';

function build(root: string) {
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO, 'bin/docs.js'), 'build', root],
      { env: { ...process.env, CI: 'true' }, timeout: 120_000 },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          signal: error?.signal ?? null,
          stderr,
        }),
    );
  });
}

/** Every file of a folder with its contents. */
async function tree(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Object.fromEntries(
    await Promise.all(
      files.map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(dir, file), await readFile(file, 'base64')] as const;
      }),
    ),
  );
}

describe('code that allocates without end stops the build at `limits.heapMb`', { timeout: 180_000 }, () => {
  it.each([
    ['an MDX expression', {}, `{(() => { ${HOG} })()}`],
    [
      'a component of `mdx.components`',
      { 'components/index.tsx': `export function Hog() { ${HOG} return null; }\n` },
      '<Hog />',
    ],
  ])('%s', async (_, more: Record<string, string>, hostile) => {
    const config = {
      limits: { heapMb: 256 },
      ...(more['components/index.tsx'] ? { mdx: { components: './components/index.tsx' } } : {}),
    };
    const site = await tmpSite({
      'docs.config.ts': configFile(config),
      'content/index.md': page('Home', 'Hello.'),
      'content/grow.mdx': page('Grow', 'Fine for now.'),
      ...more,
    });
    cleanup = site.cleanup;
    expect((await build(site.root)).code).toBe(0);
    const before = await tree(path.join(site.root, 'dist'));
    await writeFile(path.join(site.root, 'content/grow.mdx'), page('Grow', hostile));
    const r = await build(site.root);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /grow\.mdx\n\s+-\s+rendering the page used more than the 256 MB of memory a page's thread may use \(an expression, export or component that allocates without end\?\)/,
    );
    expect(r.stderr).toContain('`limits.heapMb` in docs.config.ts sets the limit');
    expect(r.stderr).not.toMatch(/Internal error|    at |heap out of memory/);
    expect(await tree(path.join(site.root, 'dist'))).toEqual(before);
  });

  it("names an old version's MDX page by its file, as every other problem in it is named", async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({ limits: { heapMb: 256 }, versions: { current: { name: '2.0' } } }),
      'versions.json': '["1.0"]\n',
      'content/index.md': page('Home', 'Hello.'),
      'versions/1.0/content/index.md': page('Home', 'Hello, 1.0.'),
      'versions/1.0/content/grow.mdx': page('Grow', `{(() => { ${HOG} })()}`),
    });
    cleanup = site.cleanup;
    const r = await build(site.root);
    expect(r.code).toBe(1);
    // Not "1.0/grow.mdx", a file the writer does not have.
    expect(r.stderr).toMatch(
      /(^|\n)versions\/1\.0\/content\/grow\.mdx\n\s+-\s+rendering the page used more than the 256 MB/,
    );
  });
});
