import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BuildFailure } from '../../src/model/errors.js';
import { operationAnchor } from '../../src/content/openapi.js';
import { buildInMemory, REPO } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function siteWith(openapi: string, pages: Record<string, string> = {}) {
  const site = await tmpSite({
    'content/index.md': page('Home'),
    'content/api.md': page('REST API', 'Intro written by hand.', { frontmatter: 'openapi: ./_model/openapi.yaml\n' }),
    // Another API host than the real document's, to show where the request samples take it from.
    'content/_model/openapi.yaml': openapi.replace(
      /^( {2}- url: )https:\/\/api\.[\w.]+\/v1$/m,
      '$1https://api.test.example/v1',
    ),
    ...pages,
    // The real site's constants, which the document's descriptions use.
    'docs.config.ts': `import real from '${REPO}/docs.config.ts';\nexport default { constants: real.constants };\n`,
  });
  cleanup = site.cleanup;
  return site;
}

describe('openapi', () => {
  it('renders every operation of the model as a section with its method, path, tables, curl and response example', async () => {
    const source = await readFile(path.join(REPO, 'content/_model/openapi.yaml'), 'utf8');
    const site = await siteWith(source);
    const built = await buildInMemory(site.root);
    const html = built.writer.text('api/index.html')!;
    expect(html).toContain('Intro written by hand.');
    const doc = parse(source) as { paths: Record<string, Record<string, { operationId: string }>> };
    let operations = 0;
    for (const [urlPath, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op?.operationId) continue;
        operations++;
        expect(html, op.operationId).toContain(`id="${operationAnchor(op.operationId)}"`);
        expect(html).toContain(`<code>${method.toUpperCase()} ${urlPath}</code>`);
      }
    }
    expect(operations).toBeGreaterThanOrEqual(20);
    expect(html).toContain('https://api.test.example/v1/sources');
    expect(html).toContain('<th>Required</th>');
  });

  it('fails the build on an invalid document, naming the file and the path of the problem', async () => {
    const site = await siteWith(
      'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths:\n  /things:\n    get:\n      responses: oops\n',
    );
    const error = await buildInMemory(site.root).catch((e) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    const text = (error as BuildFailure).format();
    expect(text).toContain('_model/openapi.yaml');
    expect(text).toContain('#/paths/~1things/get/responses');
  });

  it('validates the model when no page renders it (the check of its built-in plugin)', async () => {
    const site = await siteWith(
      'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths:\n  /things:\n    get:\n      responses: oops\n',
      {
        'content/api.md': page('REST API', 'Written by hand.'),
      },
    );
    const error = await buildInMemory(site.root).catch((e) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).format()).toContain('#/paths/~1things/get/responses');
  });

  it('splits a reference over pages by tag: openapiTags renders those tags, the description goes with the first', async () => {
    const source = await readFile(path.join(REPO, 'content/_model/openapi.yaml'), 'utf8');
    const site = await siteWith(source, {
      'content/api.md': page('REST API', 'Intro.', {
        frontmatter: 'openapi: ./_model/openapi.yaml\nopenapiTags: [Sources, Events]\n',
      }),
      'content/workflows-api.md': page('Workflows API', 'Workflows.', {
        frontmatter: 'openapi: ./_model/openapi.yaml\nopenapiTags: [Workflows]\n',
      }),
    });
    const built = await buildInMemory(site.root);
    const main = built.writer.text('api/index.html')!;
    const workflows = built.writer.text('workflows-api/index.html')!;
    expect(main).toContain('id="create-source"');
    expect(main).not.toContain('id="pause-workflow"');
    expect(main).toContain('id="pagination"');
    expect(workflows).toContain('id="pause-workflow"');
    expect(workflows).not.toContain('id="create-source"');
    expect(workflows).not.toContain('id="pagination"');
  });

  it('fails on an openapiTags entry that is not a tag of the document, listing its tags', async () => {
    const source = await readFile(path.join(REPO, 'content/_model/openapi.yaml'), 'utf8');
    const site = await siteWith(source, {
      'content/api.md': page('REST API', 'Intro.', {
        frontmatter: 'openapi: ./_model/openapi.yaml\nopenapiTags: [Workflow]\n',
      }),
    });
    const error = await buildInMemory(site.root).catch((e) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    const text = (error as BuildFailure).format();
    expect(text).toContain('api.md');
    expect(text).toContain('"Workflow", not a tag');
    expect(text).toContain('Sources, Events');
  });

  /** A document of its own: no constant, the servers and security schemes it declares. */
  const own = (security: string, scheme: string) => `openapi: 3.1.0
info:
  title: Parcels
  version: "1"
servers:
  - url: https://{region}.parcels.example/v2
    variables:
      region:
        default: eu
${security}
paths:
  /parcels:
    get:
      operationId: listParcels
      summary: List parcels
      responses:
        "200":
          description: The parcels.
  /health:
    get:
      operationId: health
      summary: Health
      security: []
      responses:
        "204":
          description: Up.
components:
  securitySchemes:
${scheme}
`;

  async function ownSite(openapi: string, config: Record<string, unknown> = {}) {
    const site = await tmpSite({
      'content/index.md': page('Home'),
      'content/api.md': page('Parcels API', 'Intro.', { frontmatter: 'openapi: ./parcels.yaml\n' }),
      'content/parcels.yaml': openapi,
      'docs.config.ts': configFile(config),
    });
    cleanup = site.cleanup;
    const built = await buildInMemory(site.root);
    return built.writer.text('api/index.html')!.replace(/<[^>]+>/g, '');
  }

  it('builds a document of its own with no constant: the base URL from its servers, a bearer token from API_KEY', async () => {
    const text = decode(
      await ownSite(own('security:\n  - token: []', '    token:\n      type: http\n      scheme: bearer')),
    );
    expect(text).toContain('curl "https://eu.parcels.example/v2/parcels" -H "Authorization: Bearer $API_KEY"');
    expect(text).toContain(
      "fetch('https://eu.parcels.example/v2/parcels', { headers: { Authorization: `Bearer ${process.env.API_KEY}` } })",
    );
    expect(text).toContain(
      'requests.get("https://eu.parcels.example/v2/parcels", headers={"Authorization": "Bearer " + os.environ["API_KEY"]})',
    );
    // The operation that opts out of security is sent without a credential, and says so.
    expect(text).toMatch(/curl "https:\/\/eu\.parcels\.example\/v2\/health"(?! -H)/);
    expect(text).toContain('Authentication: none.');
    expect(text).not.toMatch(/conduit/i);
  });

  it('sends an API key in the header or query its scheme names, read from the variable the configuration names', async () => {
    const header = decode(
      await ownSite(
        own('security:\n  - key: []', '    key:\n      type: apiKey\n      in: header\n      name: X-Parcels-Key'),
        {
          openapi: { apiKeyVariable: 'PARCELS_KEY' },
        },
      ),
    );
    expect(header).toContain('curl "https://eu.parcels.example/v2/parcels" -H "X-Parcels-Key: $PARCELS_KEY"');
    expect(header).toContain("headers: { 'X-Parcels-Key': process.env.PARCELS_KEY }");
    expect(header).toContain('headers={"X-Parcels-Key": os.environ["PARCELS_KEY"]}');
    const query = decode(
      await ownSite(own('security:\n  - key: []', '    key:\n      type: apiKey\n      in: query\n      name: key')),
    );
    expect(query).toContain('curl "https://eu.parcels.example/v2/parcels?key=$API_KEY"');
    expect(query).toContain('fetch(`https://eu.parcels.example/v2/parcels?key=${process.env.API_KEY}`)');
    expect(query).toContain('params={"key": os.environ["API_KEY"]}');
  });
});

/** The few entities the HTML of a code block holds, as text. */
function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
