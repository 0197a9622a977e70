import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';
import { buildToTemp } from '../helpers/site.js';
import { page as mdPage, tmpSite } from '../helpers/tmp-site.js';
import { serveWithHeaders, watchCsp } from '../quality/site.js';

/** What the mock API received: one entry a request (preflights apart). */
interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An API on a loopback port that records what it receives and answers as a CORS-enabled API does. */
async function mockApi() {
  const state = { received: [] as Received[], preflights: 0 };
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, x-trace');
    res.setHeader('Access-Control-Expose-Headers', 'x-request-id');
    if (req.method === 'OPTIONS') {
      state.preflights++;
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://api.local');
      state.received.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      res.setHeader('X-Request-Id', 'req_42');
      res.setHeader('Content-Type', 'application/json');
      res.writeHead(201).end(JSON.stringify({ id: 'item_1', name: 'Widget', owner: { id: 'u_1' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get preflights() {
      return state.preflights;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const openapi = (server: string) => `openapi: 3.1.0
info:
  title: Things API
  version: 1.0.0
servers:
  - url: ${server}/v1
security:
  - key: []
paths:
  /things/{thing_id}/items:
    parameters:
      - name: thing_id
        in: path
        required: true
        description: The thing the item goes into.
        schema: { type: string }
    post:
      operationId: createItem
      summary: Create an item
      tags: [Items]
      parameters:
        - name: mode
          in: query
          description: How careful to be.
          schema: { type: string, enum: [fast, safe], default: fast }
        - name: X-Trace
          in: header
          description: A trace id echoed in the logs.
          schema: { type: string }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string, description: The item's name. }
                count: { type: integer, default: 1 }
            example: { name: Widget, count: 1 }
      responses:
        '201':
          description: The item.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string, example: item_1 }
                  name: { type: string }
                  owner:
                    type: object
                    properties:
                      id: { type: string }
              example: { id: item_1, name: Widget, owner: { id: u_1 } }
components:
  securitySchemes:
    key:
      type: http
      scheme: bearer
`;

/**
 * The try-it panel of an operation in Chromium, under the site's own CSP as served (`_headers`), against a
 * mock API on a loopback port: what the API receives is what the reader filled in, and the answer is shown.
 */
describe('browser: API reference try-it panel', () => {
  let api: Awaited<ReturnType<typeof mockApi>>;
  let site: { outDir: string; base: string; cleanup: () => Promise<void> };
  let served: Awaited<ReturnType<typeof serveWithHeaders>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let removeSource: () => Promise<void>;
  beforeAll(async () => {
    api = await mockApi();
    const source = await tmpSite({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ title: 'Things', base: '/docs/', constants: { apiBaseUrl: '${api.origin}/v1' } });\n`,
      'content/index.md': mdPage('Home', 'See the [API reference](./api.md).'),
      'content/api.md': mdPage('Things API', 'Create items in things.', {
        frontmatter: 'openapi: ./_api/openapi.yaml\n',
      }),
      'content/_api/openapi.yaml': openapi(api.origin),
    });
    removeSource = source.cleanup;
    site = await buildToTemp(source.root);
    served = await serveWithHeaders(site.outDir, site.base);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await site?.cleanup();
    await removeSource?.();
    await api?.close();
  });

  async function tab(): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
    const context = await browser.browser.newContext();
    const violations = await watchCsp(context);
    return { context, page: await context.newPage(), violations };
  }

  const ready = (page: Page) => page.waitForFunction(`document.documentElement.dataset.runtime === 'ready'`);

  it('sends what the reader fills in (method, path, query, headers with the key, JSON body) and shows status, headers and body; keyboard only', async () => {
    const { context, page, violations } = await tab();
    try {
      await page.goto(`${served.origin}/docs/api/`);
      await ready(page);
      const summary = page.locator('summary', { hasText: 'Try it: POST /things/{thing_id}/items' });
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)).toBe(true);
      // Every field is named by its label, as a screen reader announces it.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await page.getByLabel('API key').getAttribute('id'),
      );
      await page.keyboard.type('sk_test_123');
      await page.keyboard.press('Tab');
      await page.keyboard.type('thing one');
      await page.getByLabel('mode').selectOption('safe');
      await page.getByLabel('X-Trace').fill('trace-7');
      const body = page.getByLabel('Request body');
      expect(JSON.parse(await body.inputValue())).toEqual({ name: 'Widget', count: 1 });
      await body.fill('{"name": "Gadget", "count": 3}');
      await page.getByRole('button', { name: 'Send POST request' }).press('Enter');
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Response: 201 Created.');

      expect(api.received).toHaveLength(1);
      const [request] = api.received;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/things/thing%20one/items');
      expect(request.query).toEqual({ mode: 'safe' });
      expect(request.headers.authorization).toBe('Bearer sk_test_123');
      expect(request.headers['x-trace']).toBe('trace-7');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({ name: 'Gadget', count: 3 });

      const result = page.locator('.api-try-result');
      expect(await result.textContent()).toContain('x-request-id: req_42');
      expect(JSON.parse((await result.locator('.api-try-body').textContent()) ?? '')).toEqual({
        id: 'item_1',
        name: 'Widget',
        owner: { id: 'u_1' },
      });
      // The key is in this tab's sessionStorage only: not in the address, not in localStorage.
      expect(page.url()).not.toContain('sk_test');
      expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain('sk_test_123');
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('sk_test');

      // A required field left empty is named, marked and focused; nothing is sent.
      await page.getByLabel(/^thing_id/).fill('');
      await page.getByRole('button', { name: 'Send POST request' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('thing_id is required.');
      expect(await page.getByLabel(/^thing_id/).getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('thing_id');
      expect(api.received).toHaveLength(1);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reached through the router from a page whose policy does not allow the API, loads the page as itself, keeps the form, then sends', async () => {
    const { context, page, violations } = await tab();
    const before = api.received.length;
    try {
      await page.goto(`${served.origin}/docs/`);
      await ready(page);
      const moduleRequests: string[] = [];
      page.on('request', (r) => /api-feature\.\w+\.js$/.test(r.url()) && moduleRequests.push(r.url()));
      expect(await page.locator('link[data-docs-module]').count()).toBe(0);
      await page.locator('main a', { hasText: 'API reference' }).click();
      await page.waitForURL('**/docs/api/');
      await page.locator('summary', { hasText: 'Try it' }).click();
      expect(moduleRequests).toHaveLength(1);
      await page.getByLabel('API key').fill('sk_live_9');
      await page.getByLabel(/^thing_id/).fill('t1');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Send POST request' }).click();
      await reloaded;
      await ready(page);
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toBe('This page was loaded again to reach the API. Send the request again.');
      expect(await page.getByLabel(/^thing_id/).inputValue()).toBe('t1');
      expect(await page.getByLabel('API key').inputValue()).toBe('sk_live_9');
      expect(api.received.length).toBe(before);
      await page.getByRole('button', { name: 'Send POST request' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Response: 201 Created.');
      expect(api.received.length).toBe(before + 1);
      expect(api.received.at(-1)!.path).toBe('/v1/things/t1/items');
      expect(api.received.at(-1)!.headers.authorization).toBe('Bearer sk_live_9');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes axe (WCAG 2.1 AA) with the panel open, a response shown and the nested fields open, in light and dark', async () => {
    // axe is injected from another origin: this context does not apply the CSP (judged by the tests above).
    const context = await browser.browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${served.origin}/docs/api/`);
      await ready(page);
      await page.locator('summary', { hasText: 'Try it' }).click();
      await page.getByLabel(/^thing_id/).fill('t2');
      await page.getByRole('button', { name: 'Send POST request' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Response: 201 Created.');
      for (const summary of await page.locator('main .api-schema summary, main .api-try-result summary').all())
        await summary.click();
      const problems: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        problems.push(...describeViolations(colorScheme, await axeViolations(page, { within: 'main' })));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
