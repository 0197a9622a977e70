import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/search/index.js';
import { decodePostings, SEARCH_FIELDS, shardOf } from '../../../src/shared/search-format.js';
import { fixture } from '../../helpers/site.js';
import { searchSite } from '../../helpers/search-site.js';

describe('search/index: what the build puts in the index', () => {
  let site: Awaited<ReturnType<typeof searchSite>>;
  let indexed: Set<string>;
  beforeAll(async () => {
    site = await searchSite(fixture('search'));
    indexed = new Set(site.shards().flatMap((s) => s.terms));
  });

  const page = (title: string) => site.pages().find((p) => p.title === title)!;

  it('writes a small manifest at search.json and everything else under assets, named by a hash of its contents', () => {
    expect(site.manifest.dir).toBe('/docs/assets/search/');
    const files = [...site.writer.files.keys()].filter((f) => f.includes('search') && f.endsWith('.json'));
    expect(files.filter((f) => !f.startsWith('assets/search/'))).toEqual(['search.json']);
    expect(site.writer.text('search.json')!.length).toBeLessThan(2000);
    for (const [, , hash] of [...site.manifest.shards, ...site.manifest.vocab]) expect(hash).toMatch(/^\w{8}$/);
    expect(files.filter((f) => /\/[tv]\//.test(f))).toHaveLength(
      site.manifest.shards.length + site.manifest.vocab.length,
    );
  });

  it('makes the top of each page and each of its h2 and h3 sections a result of its own', () => {
    expect(page('Concurrency and throttling')).toEqual({
      title: 'Concurrency and throttling',
      group: 'Guides',
      url: '/docs/guide/concurrency/',
      sections: [
        [
          '',
          '',
          'How many events a workflow runs at once, and how fast.\nA workflow processes events as they arrive. This page explains how to limit that.',
        ],
        ['limit-concurrency', 'Limit concurrency', expect.stringContaining('Set how many events run at the same time')],
        ['throttle-a-workflow', 'Throttle a workflow', expect.stringContaining('Throttling limits how many events')],
        ['throttling-windows', 'Throttling windows', 'A window is counted in seconds.'],
      ],
    });
    expect(site.manifest.counts.reduce((a, b) => a + b, 0)).toBe(site.manifest.docs);
  });

  it('indexes the title, the headings, the body text and the sidebar group, each in its own field', () => {
    const shards = site.shards();
    const fieldsOf = (word: string) => {
      const shard =
        shards[
          shardOf(
            site.manifest.shards.map(([k]) => k),
            word,
          )
        ];
      const postings = shard.postings[shard.terms.indexOf(word)];
      return SEARCH_FIELDS.filter((_, i) => postings[i] !== 0);
    };
    expect(fieldsOf('escap')).toEqual(['title']);
    expect(fieldsOf('oauth')).toEqual(['heading']);
    expect(fieldsOf('backoff')).toEqual(['text']);
    expect(fieldsOf('throttl')).toEqual(['title', 'heading', 'text']);
    expect(fieldsOf('guid')).toContain('group');
    expect(page('Email').group).toBe('Destinations');
  });

  it('indexes the one-word form of a phrasal verb in a heading ("Sign up": signup)', () => {
    const shard = site.shards()[0];
    expect(shard.terms).toContain('signup');
    expect(shard.postings[shard.terms.indexOf('signup')].map((p) => p !== 0)).toEqual([false, true, false, false]);
  });

  it('shows constants with their values, as the reader sees them', () => {
    const [, limit] = page('Concurrency and throttling').sections;
    expect(limit[2]).toContain('up to 50 workers');
    expect(limit[2]).toContain('a queue of 10,000 events');
    expect(indexed).toContain('10000');
    expect(page('Authentication').sections[0][2]).toBe(
      'Authenticate requests to the REST API.\nEvery request to https://api.acme.example/v1 must be authenticated.',
    );
  });

  it('leaves code blocks, navigation and the page chrome out', () => {
    const everything = JSON.stringify(site.pages());
    for (const word of ['zebracode', 'bearer']) {
      expect(indexed).not.toContain(word);
      expect(everything.toLowerCase()).not.toContain(word);
    }
    // Footer links ("View as Markdown", "Edit this page", "Previous"), site title.
    for (const word of ['markdown', 'previou', 'edit', 'fixture']) expect(indexed).not.toContain(word);
    // Inline code is prose: it stays.
    expect(indexed).toContain('authorization');
  });

  it("counts the description as text of the page's top, before the introduction", () => {
    expect(page('Concurrency and throttling').sections[0][2]).toMatch(
      /^How many events a workflow runs at once, and how fast\.\n/,
    );
    // A word only the description has finds the page.
    expect(indexed).toContain('fast');
  });

  it('uses the description as the top of a page that starts with a heading', () => {
    expect(page('Retries').sections[0]).toEqual(['', '', 'What happens when a step fails.']);
  });

  it('leaves out pages whose frontmatter says search: false', () => {
    expect(site.pages().map((p) => p.title)).not.toContain('Hidden page');
    expect(indexed).not.toContain('quokkahidden');
    expect(site.manifest.counts).toHaveLength(7);
  });

  it('puts every term in exactly one shard, the one its longest key names', () => {
    const files = buildSearchIndex(site.site, { shardBytes: 300 });
    const manifest = JSON.parse(files.find((f) => f.path === 'search.json')!.contents as string);
    const keys: string[] = manifest.shards.map(([key]: [string]) => key);
    expect(keys.length).toBeGreaterThan(5);
    const hashes: string[] = manifest.shards.map(([, , hash]: [string, number, string]) => hash);
    const shardFiles = files.filter((f) => /\/t\/\w+\.json$/.test(f.path));
    expect(shardFiles).toHaveLength(keys.length);
    const seen: string[] = [];
    for (const file of shardFiles) {
      const id = hashes.indexOf(/(\w+)\.json$/.exec(file.path)![1]);
      for (const t of JSON.parse(file.contents as string).terms) {
        expect(shardOf(keys, t), t).toBe(id);
        seen.push(t);
      }
    }
    expect(seen.sort()).toEqual([...indexed].sort());
  });

  it('keeps only the strongest postings of a word found in more sections than the limit', () => {
    const files = buildSearchIndex(site.site, { maxPostings: 2 });
    const manifest = JSON.parse(files.find((f) => f.path === 'search.json')!.contents as string);
    const shard = JSON.parse(
      files.find((f) => f.path.endsWith(`/t/${manifest.shards[0][2]}.json`))!.contents as string,
    );
    const text = shard.postings[shard.terms.indexOf('workflow')][2] as number[];
    expect(decodePostings(text)).toHaveLength(2);
    const full = site.shards()[0];
    expect(decodePostings(full.postings[full.terms.indexOf('workflow')][2] as number[]).length).toBeGreaterThan(2);
  });
});
