import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { SourceMemo } from '../../src/incremental/source-memo.js';

describe('source-memo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-memo-'));
    await mkdir(path.join(dir, '_partials'));
    await writeFile(path.join(dir, '_partials/note.md'), 'A shared note.\n');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const PAGE = '---\ntitle: Page\nlayout: wide\n---\n\n<!--@include: ./_partials/note.md-->\n';
  const remember = (memo: SourceMemo, raw: string) => {
    const problems = new Problems();
    const source = parseSource(raw, 'page.md', path.join(dir, 'page.md'), problems);
    memo.set(source, raw, problems.list);
    return source;
  };

  it('gives back a page read with the same text, with the problems it had', () => {
    const memo = new SourceMemo(dir);
    const source = remember(memo, PAGE);
    const known = memo.get('page.md', PAGE);
    expect(known?.source).toBe(source);
    expect(known?.problems.map((p) => p.message)).toEqual(['frontmatter "layout" must be "doc" or "page"']);
    expect(memo.get('page.md', `${PAGE}More.\n`)).toBeUndefined();
    expect(memo.get('other.md', PAGE)).toBeUndefined();
  });

  it('parses a page again once a partial it includes has changed', async () => {
    const memo = new SourceMemo(dir);
    remember(memo, PAGE);
    await writeFile(path.join(dir, '_partials/note.md'), 'An edited note.\n');
    memo.startBuild();
    expect(memo.get('page.md', PAGE)).toBeUndefined();
  });
});
