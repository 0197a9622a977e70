import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { loadConfig } from '../../src/config.js';
import { loadContent } from '../../src/content.js';
import { Problems } from '../../src/errors.js';
import { renderMarkdown, renderSlice } from '../../src/markdown/index.js';

describe('markdown: rendering on all cores', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-parallel-'));
    await writeCorpus({ pages: 450, dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the same page records, in the same order, as rendering in one thread', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    const parallel = await renderMarkdown(sources, config, new Problems());
    const single = renderSlice(sources, config, new Problems());
    expect(parallel.length).toBe(450);
    expect(parallel).toEqual(single);
  });
});
