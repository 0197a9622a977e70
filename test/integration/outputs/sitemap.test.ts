import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { buildInMemory, fixture, fixtureCopyOptions, REPO } from '../../helpers/site.js';

const lastmods = (xml: string) =>
  new Map([...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1], m[2]]));

function gitDate(file: string): string {
  try {
    return execFileSync('git', ['log', '-1', '--format=%cI', '--', path.basename(file)], {
      cwd: path.dirname(file),
      encoding: 'utf8',
    }).trim();
  } catch {
    return '';
  }
}

/** Runs `test` on a copy of the quality fixture outside any git checkout, deleted after. */
async function outsideGit(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitemap-'));
  try {
    await cp(fixture('quality'), dir, fixtureCopyOptions('quality'));
    const config = path.join(dir, 'docs.config.ts');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace('../../../src/config/define.js', path.join(REPO, 'src/config/define.ts')),
    );
    await test(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('outputs/sitemap', () => {
  it('dates each page by the last commit of its source, or its mtime when git does not know it', async () => {
    const root = fixture('basic');
    const { writer, site } = await buildInMemory(root);
    const dates = lastmods(writer.text('sitemap.xml')!);
    expect(dates.size).toBe(site.pages.length);
    for (const page of site.pages) {
      const file = path.join(root, 'content', page.relativePath);
      const expected = gitDate(file) || (await stat(file)).mtime.toISOString();
      expect(dates.get(`https://acme.example${page.path}`), page.relativePath).toBe(expected);
    }
  });

  it('falls back to file dates outside a git checkout', async () => {
    await outsideGit(async (dir) => {
      const when = new Date('2024-05-06T07:08:09.000Z');
      await utimes(path.join(dir, 'content/errors.md'), when, when);
      const { writer } = await buildInMemory(dir);
      expect(lastmods(writer.text('sitemap.xml')!).get('https://relay.example/docs/errors/')).toBe(
        '2024-05-06T07:08:09.000Z',
      );
    });
  });

  it('dates files outside git from the stamps `build` takes of them, as a stat of each dates them', async () => {
    await outsideGit(async (dir) => {
      // A time between two milliseconds: a stat's date rounds it.
      const file = path.join(dir, 'content/errors.md');
      await utimes(file, 1714979289.1237, 1714979289.1237);
      const outDir = path.join(dir, 'dist');
      await build(dir, { outDir });
      const dates = lastmods(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'));
      expect(dates.get('https://relay.example/docs/errors/')).toBe((await stat(file)).mtime.toISOString());
      expect(dates.get('https://relay.example/docs/errors/')).toBe('2024-05-06T07:08:09.124Z');
    });
  });

  it('is pointed to by robots.txt', async () => {
    const { writer } = await buildInMemory(fixture('quality'));
    expect(writer.text('robots.txt')).toContain('Sitemap: https://relay.example/docs/sitemap.xml');
  });
});
