import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostileSites } from './sites.js';
import { devSiteEach } from '../dev/harness.js';
import { page } from '../../helpers/tmp-site.js';

/**
 * Issue 37: an OpenAPI document's `$ref` is a way to read a file, like an include: one that points
 * outside the content folder (a path that climbs out, an absolute path) or at a URL is refused with
 * the document, its line and the ref named; nothing outside is read, nothing is fetched.
 */

const { site, problemsOf } = hostileSites();

/** A document whose one response schema is `$ref: ref`, on line 16. */
const documentWith = (ref: string) =>
  [
    'openapi: 3.1.0',
    'info:',
    '  title: Things',
    '  version: "1"',
    'paths:',
    '  /things:',
    '    get:',
    '      operationId: listThings',
    '      summary: List things',
    '      responses:',
    "        '200':",
    '          description: The things.',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: '${ref}'`,
    '',
  ].join('\n');

const SECRET = 'secret-value-7d1f';
const apiPage = page('REST API', 'Intro.', { frontmatter: 'openapi: ./_model/openapi.yaml\n' });

/** A server that counts the requests it gets: a `$ref` to it must not be fetched. */
let server: http.Server;
let requests = 0;
let origin = '';
beforeEach(async () => {
  requests = 0;
  server = http.createServer((_, res) => {
    requests++;
    res.setHeader('content-type', 'application/yaml');
    res.end(`type: object\ndescription: ${SECRET}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('OpenAPI $refs read nothing outside the content folder', () => {
  it.each([
    ['a path that climbs out of the content folder', '../../secret.yaml', 'outside the content folder'],
    ['an absolute path', '/etc/passwd', 'outside the content folder'],
    ['an http URL', 'URL/schema.yaml', 'a URL'],
    ['an https URL', 'https://example.invalid/schema.yaml', 'a URL'],
  ])('refuses %s, naming the document, the line and the ref', async (_, given, what) => {
    const ref = given.replace('URL', origin);
    const root = await site({
      'secret.yaml': `type: object\ndescription: ${SECRET}\n`,
      'content/api.md': apiPage,
      'content/_model/openapi.yaml': documentWith(ref),
    });
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toEqual([
      expect.stringMatching(
        new RegExp(`^_model/openapi\\.yaml:16  .*\\$ref "${ref.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}".*${what}`),
      ),
    ]);
    expect(problems[0].fix).toBeTruthy();
    expect(requests).toBe(0);
  });

  it('refuses it in the reference model no page renders (the check)', async () => {
    const root = await site({ 'content/_model/openapi.yaml': documentWith(`${origin}/schema.yaml`) });
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toEqual([
      `_model/openapi.yaml:16  the $ref "${origin}/schema.yaml" is a URL: the build fetches nothing from the network`,
    ]);
    expect(requests).toBe(0);
  });

  it('refuses a ref out of the content folder in a file the document refers to', async () => {
    const root = await site({
      'secret.yaml': `type: object\ndescription: ${SECRET}\n`,
      'content/api.md': apiPage,
      'content/_model/openapi.yaml': documentWith('./thing.yaml'),
      'content/_model/thing.yaml': "type: object\nproperties:\n  inner:\n    $ref: '../../secret.yaml'\n",
    });
    const problems = await problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/\$ref "\.\.\/\.\.\/secret\.yaml".*outside the content folder/);
    expect(problems[0].where).toBe('_model/thing.yaml:4');
  });

  it('still follows a ref to a file inside the content folder', async () => {
    const root = await site({
      'content/api.md': apiPage,
      'content/_model/openapi.yaml': documentWith('./thing.yaml'),
      'content/_model/thing.yaml': 'type: object\ndescription: A thing of the content folder.\n',
    });
    expect(await problemsOf(root)).toEqual([]);
  });
});

describe('dev server: an OpenAPI $ref out of the project', { timeout: 180_000 }, () => {
  const devSite = devSiteEach('dev');

  it('shows the problem and keeps serving', async () => {
    await writeFile(devSite.site.file('secret.yaml'), `type: object\ndescription: ${SECRET}\n`);
    await writeFile(devSite.site.file('content/_model/openapi.yaml'), documentWith('../../secret.yaml'));
    await writeFile(devSite.site.file('content/api.md'), apiPage);
    const found = await devSite.events.next('problems', (data) =>
      (data.problems as { message: string }[]).some((p) =>
        p.message.includes('the $ref "../../secret.yaml" cannot be read'),
      ),
    );
    expect((found.data.problems as { file: string; line?: number }[])[0]).toMatchObject({
      file: '_model/openapi.yaml',
      line: 16,
    });
    expect((await fetch(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(200);
    expect(await (await fetch(`${devSite.dev.origin}/docs/api/`)).text()).not.toContain(SECRET);
  });
});
