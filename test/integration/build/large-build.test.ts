import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { expectSameAsFullBuild } from '../../helpers/full-build.js';
import { REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * A build of many pages (src/build/heap.ts `LARGE_BUILD_PAGES`) keeps the pages' HTML, the pieced site files and
 * the search index's files in a spill file until they are written (src/write/spill.ts), and bounds its heap. Built
 * so here at 24 pages (`DOCS_LARGE_BUILD_PAGES`, in a process of its own: the heap's bounds are the process's), its
 * output must be what a build in memory writes, cold and after an edit, feed entries and llms-full.txt included.
 */

const exec = promisify(execFile);
const FOLDERS = ['guide', 'reference', 'tutorials'];

function siteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'docs.config.ts': configFile({
      title: 'Large',
      siteUrl: 'https://large.example',
      constants: { product: 'Conduit' },
    }),
    'content/index.md': page('Home', 'Start with [the first guide](guide/page-0.md) or the [changelog](changelog.md).'),
    'content/changelog.md': page('Changelog', '## 2026-11-20\n\nSchedules accept **seconds**.\n', {
      frontmatter: 'feed: true\n',
    }),
  };
  for (const folder of FOLDERS)
    for (let i = 0; i < 7; i++)
      files[`content/${folder}/page-${i}.md`] = page(
        `${folder} ${i}`,
        `Read [the next one](page-${(i + 1) % 7}.md#usage).\n\n## Usage\n\nRun it with %{product}.\n\n\`\`\`bash\nconduit run ${folder}-${i}\n\`\`\`\n\n## Limits\n\nWords about ${folder} number ${i}.\n`,
      );
  return files;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function largeBuild(root: string): Promise<void> {
  await exec(process.execPath, [path.join(REPO, 'bin/docs.js'), 'build', root], {
    env: { ...process.env, CI: 'true', DOCS_LARGE_BUILD_PAGES: '10' },
  });
}

describe('a build of many pages: spilled to disk, the same output', () => {
  it('writes what a build in memory writes, cold and after one page is edited, and leaves no spill file', async () => {
    const site = await tmpSite(siteFiles());
    cleanup = site.cleanup;
    const outDir = path.join(site.root, 'dist');
    await largeBuild(site.root);
    expect(await readFile(path.join(outDir, 'llms-full.txt'), 'utf8')).toContain('Words about reference number 3.');
    expect(await readFile(path.join(outDir, 'changelog/feed.xml'), 'utf8')).toContain('&#60;strong&#62;seconds');
    await expectSameAsFullBuild(site.root, outDir);

    const edited = path.join(site.root, 'content/guide/page-3.md');
    await writeFile(edited, (await readFile(edited, 'utf8')) + '\nOne more sentence about retries.\n');
    await largeBuild(site.root);
    expect(await readFile(path.join(outDir, 'llms-full.txt'), 'utf8')).toContain('One more sentence about retries.');
    await expectSameAsFullBuild(site.root, outDir);
    // The spill file is removed as soon as it is open: none is left beside the output or in it.
    const left = (await readdir(site.root, { recursive: true })).filter((f) =>
      path.basename(String(f)).startsWith('.spill-'),
    );
    expect(left).toEqual([]);
  });
});
