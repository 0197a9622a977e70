import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site.js';
import { buildGateSites, type BuiltSite } from './site.js';

interface CfRequest {
  uri: string;
  querystring?: Record<string, { value: string }>;
}
type CfResult = CfRequest | { statusCode: number; headers: { location: { value: string } } };

/** deploy/cloudfront-function.js as CloudFront runs it: a plain script defining `handler`. */
async function loadHandler(): Promise<(event: { request: CfRequest }) => CfResult> {
  const source = await readFile(path.join(REPO, 'deploy/cloudfront-function.js'), 'utf8');
  return new Function(`${source}\nreturn handler;`)();
}

/**
 * The object-storage recipe: the CloudFront Function maps every address of the built site to an
 * object that exists in the bucket (the build's files under the base), or to a redirect.
 */
describe('quality/cdn: deploy/cloudfront-function.js', () => {
  let site: BuiltSite;
  let handler: Awaited<ReturnType<typeof loadHandler>>;
  beforeAll(async () => {
    [site] = await buildGateSites();
    handler = await loadHandler();
  });
  afterAll(async () => site?.cleanup());

  /** The bucket key a request ends on, if the function lets it through. */
  const objectFor = (uri: string) => {
    const result = handler({ request: { uri, querystring: {} } });
    return 'statusCode' in result ? null : result.uri;
  };
  const exists = (uri: string) =>
    stat(path.join(site.outDir, uri.slice(site.base.length))).then(
      (s) => s.isFile(),
      () => false,
    );

  it('fetches index.html for every page address', async () => {
    const records = JSON.parse(await readFile(path.join(site.outDir, 'pages.json'), 'utf8')) as { path: string }[];
    const missing: string[] = [];
    for (const { path: page } of records) {
      const key = objectFor(page);
      if (key !== `${page}index.html` || !(await exists(key))) missing.push(`${page} -> ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('redirects a page address without its slash, keeping the query', () => {
    expect(handler({ request: { uri: `${site.base}guide`, querystring: { q: { value: 'cron' } } } })).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: `${site.base}guide/?q=cron` } },
    });
  });

  it('fetches files as they are: assets, Markdown, sitemap, llms.txt', async () => {
    for (const file of ['sitemap.xml', 'llms.txt', 'index.md', 'favicon.svg', '404.html']) {
      expect(objectFor(`${site.base}${file}`)).toBe(`${site.base}${file}`);
      expect(await exists(`${site.base}${file}`), file).toBe(true);
    }
  });
});
