import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { MemoryWriter } from '../../src/write/index.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

const openapi = `openapi: 3.1.0
info: { title: Shop API, version: 1.0.0 }
servers:
  - url: https://api.shop.example/v2
security:
  - key: []
paths:
  /orders/{order_id}:
    parameters:
      - { name: order_id, in: path, required: true, schema: { type: string } }
    get:
      operationId: getOrder
      summary: Get an order
      tags: [Orders]
      parameters:
        - { name: expand, in: query, schema: { type: string, enum: [lines, customer], default: lines } }
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Order' }
  /health:
    get:
      operationId: health
      summary: Health
      tags: [Orders]
      security: []
      responses:
        '204': { description: Up. }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Api-Key }
  schemas:
    Base:
      type: object
      required: [id]
      properties:
        id: { type: string, description: 'The \`ord_\` id.', example: ord_1 }
    Order:
      allOf:
        - $ref: '#/components/schemas/Base'
        - type: object
          properties:
            status: { type: string, enum: [open, paid, shipped], default: open }
            total: { type: integer, minimum: 0, description: In cents. }
            customer:
              type: object
              description: Who ordered.
              properties:
                email: { type: string, format: email }
            payment:
              oneOf:
                - title: Card
                  type: object
                  properties: { last4: { type: string } }
                - title: Invoice
                  type: object
                  properties: { due: { type: string, format: date } }
`;

describe('openapi: response schemas and try-it panels in the build output', () => {
  let files: MemoryWriter;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const site = await tmpSite({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ title: 'Shop', base: '/docs/', constants: { apiBaseUrl: 'https://api.shop.example/v2' } });\n`,
      'content/index.md': page('Home', '[API](./api.md)'),
      'content/api.md': page('Shop API', 'Orders.', { frontmatter: 'openapi: ./_api/openapi.yaml\n' }),
      'content/_api/openapi.yaml': openapi,
    });
    cleanup = site.cleanup;
    files = new MemoryWriter();
    await buildSite(await loadConfig(site.root), files);
  });
  afterAll(() => cleanup?.());
  const text = (file: string) => files.text(file) ?? '';

  it('shows the response as a table: allOf merged, required, enums, defaults, examples, bounds, nested objects in <details>, oneOf as choices', () => {
    const html = text('api/index.html');
    const schema =
      /<section class="api-schema"[^>]*aria-label="Response fields of Get an order">([\s\S]*?)<\/section>/.exec(
        html,
      )?.[1] ?? '';
    expect(schema).toContain(
      '<td><code>id</code> <small>required</small></td><td>string</td><td>The <code>ord_</code> id. Example: <code>&quot;ord_1&quot;</code>.</td>',
    );
    expect(schema).toContain(
      'Values: <code>&quot;open&quot;</code>, <code>&quot;paid&quot;</code>, <code>&quot;shipped&quot;</code>. Default: <code>&quot;open&quot;</code>.',
    );
    expect(schema).toContain('In cents. At least 0.');
    expect(schema).toContain('Who ordered.<details><summary>Fields of <code>customer</code></summary>');
    expect(schema).toContain('<td><code>email</code></td><td>string (email)</td>');
    expect(schema).toContain(
      '<p>One of:</p><ul class="api-choices"><li><details><summary>Option 1: Card: object</summary>',
    );
    expect(schema).toContain('<summary>Option 2: Invoice: object</summary>');
    expect(schema).toContain('<code>due</code></td><td>string (date)</td>');
  });

  it("lists the path's own parameters with each operation", () => {
    expect(text('api/index.html')).toMatch(/<strong>Path parameters<\/strong>[\s\S]*?<code>order_id<\/code>/);
  });

  it('gives each operation a try-it panel with what the request needs (server, parameters, the key header, none for an open operation)', () => {
    const panels = [...text('api/index.html').matchAll(/<div class="api-try" data-api-try="([^"]+)"><\/div>/g)].map(
      (m) =>
        JSON.parse(
          m[1]
            .replace(/&quot;/g, '"')
            .replace(/&#10;/g, '\n')
            .replace(/&amp;/g, '&'),
        ),
    );
    expect(panels).toEqual([
      {
        method: 'GET',
        path: '/orders/{order_id}',
        server: 'https://api.shop.example/v2',
        params: [
          { name: 'order_id', in: 'path', required: true, type: 'string' },
          { name: 'expand', in: 'query', type: 'string', enum: ['lines', 'customer'], default: 'lines' },
        ],
        auth: { header: 'X-Api-Key', prefix: '' },
      },
      { method: 'GET', path: '/health', server: 'https://api.shop.example/v2', params: [] },
    ]);
  });

  it('links the feature module and stylesheet from the reference page only', () => {
    const module = /<link rel="modulepreload" href="\/docs\/(assets\/api-feature\.\w+\.js)" data-docs-module>/;
    const [, file] = module.exec(text('api/index.html'))!;
    expect(text(file)).toContain('api-try');
    expect(text('api/index.html')).toMatch(/<link rel="stylesheet" href="\/docs\/assets\/api\.\w+\.css">/);
    for (const other of ['index.html', '404.html']) {
      expect(text(other)).not.toMatch(/api-feature|assets\/api\.\w+\.css/);
      expect(text(other)).not.toContain('data-docs-module');
    }
  });

  it("allows the API's origin in connect-src of _headers, and each page narrows it: the reference page to that origin, others to none", () => {
    expect(/Content-Security-Policy: .*connect-src ([^;]*)/.exec(text('_headers'))![1]).toBe(
      "'self' https://api.shop.example",
    );
    const meta = (file: string) =>
      /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(text(file))?.[1];
    expect(meta('api/index.html')).toBe('connect-src &#39;self&#39; https://api.shop.example');
    expect(meta('index.html')).toBe('connect-src &#39;self&#39;');
    expect(meta('404.html')).toBe('connect-src &#39;self&#39;');
  });
});

describe('openapi: two documents in one site, each with its pages and sidebar', () => {
  it("gives each reference page its own document's panels and origin, the site's policy both origins, and each section its sidebar", async () => {
    const billing = openapi
      .replace('https://api.shop.example/v2', 'https://billing.example/v1')
      .replace('Shop API', 'Billing API');
    const site = await tmpSite({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ title: 'Two', base: '/', sidebar: { '/shop/': ['/shop/'], '/billing/': ['/billing/'], '/': ['/'] } });\n`,
      'content/index.md': page('Home', '[Shop](./shop/index.md), [Billing](./billing/index.md)'),
      'content/shop/index.md': page('Shop API', 'Orders.', { frontmatter: 'openapi: ../_api/shop.yaml\n' }),
      'content/billing/index.md': page('Billing API', 'Invoices.', { frontmatter: 'openapi: ../_api/billing.yaml\n' }),
      'content/_api/shop.yaml': openapi,
      'content/_api/billing.yaml': billing,
    });
    try {
      const files = new MemoryWriter();
      await buildSite(await loadConfig(site.root), files);
      const text = (file: string) => files.text(file) ?? '';
      expect(/connect-src ([^;]*)/.exec(text('_headers'))![1]).toBe(
        "'self' https://api.shop.example https://billing.example",
      );
      const meta = (file: string) =>
        /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(text(file))?.[1];
      expect(meta('shop/index.html')).toBe('connect-src &#39;self&#39; https://api.shop.example');
      expect(meta('billing/index.html')).toBe('connect-src &#39;self&#39; https://billing.example');
      expect(text('billing/index.html')).toContain('&quot;server&quot;:&quot;https://billing.example/v1&quot;');
      expect(text('billing/index.html')).not.toContain('api.shop.example');
      const sidebar = (file: string) =>
        /<nav[^>]*id="sidebar"[\s\S]*?<\/nav>/.exec(text(file))?.[0] ??
        /id="sidebar"[\s\S]*?<\/aside>/.exec(text(file))?.[0] ??
        '';
      expect(sidebar('billing/index.html')).toContain('href="/billing/"');
      expect(sidebar('billing/index.html')).not.toContain('href="/shop/"');
    } finally {
      await site.cleanup();
    }
  });
});

describe('openapi: a site without a reference', () => {
  it('carries no policy meta and no API origin', async () => {
    const site = await tmpSite({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ title: 'Plain', base: '/' });\n`,
      'content/index.md': page('Home', 'Text.'),
    });
    try {
      const files = new MemoryWriter();
      await buildSite(await loadConfig(site.root), files);
      expect(files.text('index.html')).not.toContain('http-equiv="Content-Security-Policy"');
      expect(/connect-src ([^;]*)/.exec(files.text('_headers') ?? '')![1]).toBe("'self'");
    } finally {
      await site.cleanup();
    }
  });
});
