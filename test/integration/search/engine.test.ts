import { beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '../../../client/search/engine.js';
import { buildSearchIndex } from '../../../src/search/index.js';
import { fixture } from '../../helpers/site.js';
import { searchSite } from '../../helpers/search-site.js';

describe('search/engine: queries on the fixture site', () => {
  let site: Awaited<ReturnType<typeof searchSite>>;
  let engine: SearchEngine;
  beforeAll(async () => {
    site = await searchSite(fixture('search'));
    engine = await site.engine();
  });
  const urls = async (query: string) => (await engine.search(query)).map((hit) => hit.url);

  it('links a section to its page and heading, with the title, heading and text a result shows', async () => {
    const [hit] = await engine.search('oauth');
    expect(hit).toMatchObject({
      url: '/docs/api/auth/#oauth-tokens',
      title: 'Authentication',
      group: 'API reference',
      heading: 'OAuth tokens',
      terms: ['oauth'],
    });
    expect(hit.text).toContain('access token');
  });

  it('puts the page whose title is the query first, then sections whose heading is', async () => {
    expect((await urls('authentication'))[0]).toBe('/docs/api/auth/');
    expect((await urls('api keys'))[0]).toBe('/docs/api/auth/#api-keys');
    expect((await urls('throttling windows'))[0]).toBe('/docs/guide/concurrency/#throttling-windows');
  });

  it('reads a page title with its sidebar group, as a breadcrumb', async () => {
    // "Email" under "Destinations" beats a section headed "Retrying destinations" that mentions email.
    expect((await urls('email destination'))[0]).toBe('/docs/destinations/email/');
  });

  it('finds "Sign up" when the reader types signup', async () => {
    expect((await urls('signup'))[0]).toBe('/docs/destinations/email/#sign-up-for-alerts');
  });

  it('ranks heading matches above sections that only mention the words', async () => {
    // "retry" is in the body of "Retrying failed steps" too; the heading "Disable retries" names it.
    const found = await urls('disable retries');
    expect(found[0]).toBe('/docs/guide/retries/#disable-retries');
  });

  it('matches the start of a word as the reader types it', async () => {
    expect(await urls('concur')).toContain('/docs/guide/concurrency/#limit-concurrency');
    expect(await urls('throt')).toContain('/docs/guide/concurrency/#throttle-a-workflow');
  });

  it('tolerates a typo in words of five letters or more, not in shorter ones', async () => {
    expect((await urls('concurency'))[0]).toBe('/docs/guide/concurrency/');
    expect(await urls('authentcation')).toContain('/docs/api/auth/');
    expect(await urls('rotaet keys')).toContain('/docs/api/auth/#rotate-keys');
    // "wek" is no word of the site; with four letters or fewer, "weak" may not stand for "week".
    expect(await urls('weak')).toEqual([]);
  });

  it('finds plural and -ing forms of a word', async () => {
    expect(await urls('retrying')).toContain('/docs/guide/retries/#disable-retries');
    expect(await urls('rotating key')).toContain('/docs/api/auth/#rotate-keys');
    expect(await urls('intervals')).toContain('/docs/guide/schedules/#choose-an-interval');
  });

  it('finds words through the synonym table of the configuration, phrases included', async () => {
    // The schedules page says "timer", never "cron".
    expect((await urls('cron'))[0]).toBe('/docs/guide/schedules/');
    expect(await urls('credentials')).toContain('/docs/api/auth/#api-keys');
    expect(await urls('token')).toEqual(
      expect.arrayContaining(['/docs/api/auth/#oauth-tokens', '/docs/api/auth/#api-keys']),
    );
  });

  it('finds numbers written with or without thousands separators', async () => {
    expect(await urls('10000')).toEqual(['/docs/guide/concurrency/#limit-concurrency']);
    expect(await urls('10,000')).toEqual(['/docs/guide/concurrency/#limit-concurrency']);
  });

  it('returns nothing for an empty query or one of stop words only', async () => {
    expect(await engine.search('')).toEqual([]);
    expect(await engine.search('how do i')).toEqual([]);
  });

  it('gives at most three of the first places to one page while others match', async () => {
    const found = await urls('workflow');
    const pages = found.slice(0, 4).map((u) => u.split('#')[0]);
    expect(new Set(pages).size).toBeGreaterThan(1);
  });

  it('downloads only the shards the query needs', async () => {
    const files = new Map(
      buildSearchIndex(site.site, { shardBytes: 300 }).map((f) => [f.path, JSON.parse(f.contents as string)]),
    );
    const loaded: string[] = [];
    const small = await SearchEngine.open('/docs/search.json', async (url) => {
      loaded.push(url);
      return files.get(url.slice('/docs/'.length));
    });
    const shards = small.manifest.shards.length;
    expect(shards).toBeGreaterThan(5);
    expect((await small.search('oauth')).map((h) => h.url)).toEqual(['/docs/api/auth/#oauth-tokens']);
    const fetched = loaded.filter((u) => /\/t\/\w+\.json$/.test(u));
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.length).toBeLessThan(shards / 2);
  });
});
