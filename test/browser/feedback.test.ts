import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserConfig } from '../../src/config/index.js';
import { axeInSchemes, injectAxe } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';
import { fixture, sharedBuild } from '../helpers/site.js';
import { serveWithHeaders, watchCsp } from '../quality/site.js';

/**
 * "Was this page helpful?" in Chromium: the runtime fixture built with feedback on, served with the
 * Content-Security-Policy of its own `_headers`, answers POSTed to a server on a loopback port that
 * records what it receives (and answers CORS as a real endpoint must).
 */

interface Received {
  method: string;
  origin?: string;
  contentType?: string;
  body?: Record<string, unknown>;
}

async function recordingEndpoint(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const cors = {
        'Access-Control-Allow-Origin': request.headers.origin ?? '*',
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
      };
      if (request.method === 'POST')
        received.push({
          method: 'POST',
          origin: request.headers.origin,
          contentType: request.headers['content-type'],
          body: JSON.parse(text) as Record<string, unknown>,
        });
      else received.push({ method: request.method ?? '' });
      response.writeHead(204, cors).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/feedback`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const DO_NOT_TRACK = `Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })`;
const PRIVACY_CONTROL = `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })`;

/** Answers the tag manager locally (the machine has no network). */
const fakeTagManager = (page: Page) =>
  page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' }),
  );

function feedbackSite(config: (endpoint: string) => Partial<UserConfig>) {
  const state = {} as {
    endpoint: Awaited<ReturnType<typeof recordingEndpoint>>;
    site: Awaited<ReturnType<typeof sharedBuild>>;
    server: Awaited<ReturnType<typeof serveWithHeaders>>;
    browser: Awaited<ReturnType<typeof launchBrowser>>;
  };
  beforeAll(async () => {
    state.endpoint = await recordingEndpoint();
    state.site = await sharedBuild(fixture('runtime'), config(state.endpoint.url));
    state.server = await serveWithHeaders(state.site.outDir, state.site.base);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
    await state.site?.cleanup();
    await state.endpoint?.close();
  });
  /** A fresh context on the about page, its CSP violations recorded; `script` runs before the page's own. */
  const open = async (script?: string): Promise<{ context: BrowserContext; page: Page; violations: string[] }> => {
    const context = await state.browser.browser.newContext();
    const violations = await watchCsp(context);
    if (script) await context.addInitScript(script);
    const page = await context.newPage();
    await fakeTagManager(page);
    await page.goto(`${state.server.origin}${state.site.base}about/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.runtime === 'ready');
    return { context, page, violations };
  };
  return { state, open };
}

describe('browser/feedback: sent to the configured endpoint', () => {
  // An analytics container is configured too: answers still go to the endpoint alone unless `to: "both"`.
  const { state, open } = feedbackSite((endpoint) => ({
    analytics: { containerId: 'GTM-TEST1' },
    feedback: { endpoint },
  }));

  it('sends nothing until a button is clicked, then POSTs the vote and the comment as JSON', async () => {
    const { context, page, violations } = await open();
    try {
      await page.locator('.feedback').waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      expect(state.endpoint.received).toEqual([]);

      await page.getByRole('button', { name: 'No' }).click();
      await page.locator('.feedback-status', { hasText: 'Thank you for your feedback.' }).waitFor();
      const posts = () => state.endpoint.received.filter((r) => r.method === 'POST');
      expect(posts()).toEqual([
        {
          method: 'POST',
          origin: state.server.origin,
          contentType: 'application/json',
          body: { kind: 'vote', helpful: false, page: `${state.site.base}about/`, title: 'About', lang: 'en-US' },
        },
      ]);

      // The vote's buttons give way to the comment box, which has the focus.
      expect(await page.getByRole('button', { name: 'No' }).isVisible()).toBe(false);
      const box = page.getByLabel('Tell us more (optional)');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.fill('The example in step two needs the import line.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForFunction(() => document.querySelector('.feedback-comment')?.hasAttribute('hidden'));
      await expect.poll(() => posts().length).toBe(2);
      expect(posts()[1].body).toEqual({
        kind: 'comment',
        helpful: false,
        comment: 'The example in step two needs the import line.',
        page: `${state.site.base}about/`,
        title: 'About',
        lang: 'en-US',
      });
      // Not to analytics as well: that was not asked.
      const events = (await page.evaluate('(window.dataLayer || []).map((e) => e.event)')) as string[];
      expect(events).not.toContain('docs.feedback');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
      state.endpoint.received.length = 0;
    }
  });

  for (const [name, script] of [
    ['Do Not Track', DO_NOT_TRACK],
    ['Global Privacy Control', PRIVACY_CONTROL],
  ]) {
    it(`shows no widget and sends nothing, even on a submit, for a visitor who sends ${name}`, async () => {
      const { context, page, violations } = await open(script);
      try {
        expect(await page.locator('.feedback').count()).toBe(1);
        expect(await page.locator('.feedback').isVisible()).toBe(false);
        // A submit the page's own code makes (the widget is hidden: no visitor can click it) sends nothing either.
        await page.evaluate(() => {
          const form = document.querySelector<HTMLFormElement>('.feedback-vote')!;
          form.requestSubmit(form.querySelector<HTMLButtonElement>('button[value="yes"]'));
        });
        await page.waitForLoadState('networkidle');
        expect(state.endpoint.received).toEqual([]);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
        state.endpoint.received.length = 0;
      }
    });
  }

  it('passes axe at a phone and a laptop width, light and dark, before and after a vote', async () => {
    const context = await state.browser.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    try {
      await fakeTagManager(page);
      await page.goto(`${state.server.origin}${state.site.base}about/`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.runtime === 'ready');
      await injectAxe(page);
      const problems: string[] = [];
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        problems.push(...(await axeInSchemes(page, ['light', 'dark'], (scheme) => `${width} ${scheme} before`)));
      }
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.locator('.feedback-status', { hasText: 'Thank you' }).waitFor();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        problems.push(...(await axeInSchemes(page, ['light', 'dark'], (scheme) => `${width} ${scheme} after`)));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      state.endpoint.received.length = 0;
    }
  });

  it('puts the widget on pages the router shows, and it sends from there', async () => {
    const { context, page } = await open();
    try {
      const link = page.locator('#sidebar a:not([aria-current])').first();
      const route = new URL((await link.getAttribute('href'))!, page.url()).pathname;
      await link.click();
      await page.waitForFunction((r) => location.pathname === r, route);
      await page.locator('.feedback').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect.poll(() => state.endpoint.received.filter((r) => r.method === 'POST').length).toBe(1);
      expect(state.endpoint.received.find((r) => r.method === 'POST')!.body).toMatchObject({
        kind: 'vote',
        helpful: true,
        page: route,
      });
    } finally {
      await context.close();
      state.endpoint.received.length = 0;
    }
  });
});

describe('browser/feedback: sent to analytics', () => {
  const { state, open } = feedbackSite(() => ({
    analytics: { containerId: 'GTM-TEST1' },
    feedback: { to: 'analytics', comment: false },
  }));

  it('pushes the vote to the data layer on a click, and makes no request of its own', async () => {
    const { context, page, violations } = await open();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    try {
      await page.waitForLoadState('networkidle');
      const feedbackEvents = () =>
        page.evaluate('(window.dataLayer || []).filter((e) => e.event === "docs.feedback")') as Promise<unknown[]>;
      expect(await feedbackEvents()).toEqual([]);
      expect(await page.locator('.feedback-comment').count()).toBe(0);
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.locator('.feedback-status', { hasText: 'Thank you for your feedback.' }).waitFor();
      expect(await feedbackEvents()).toEqual([
        {
          event: 'docs.feedback',
          feedback_kind: 'vote',
          feedback_helpful: 'yes',
          page_path: `${state.site.base}about/`,
          page_title: 'About',
        },
      ]);
      await page.waitForLoadState('networkidle');
      expect(
        requests.filter((url) => !url.startsWith(state.server.origin) && !url.includes('googletagmanager')),
      ).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
