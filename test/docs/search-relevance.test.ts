import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../client/search/engine.js';
import { loadConfig } from '../../src/config.js';
import { REPO } from '../helpers/site.js';
import { searchSite } from '../helpers/search-site.js';

/**
 * Plain questions a reader would type, each with the page that must be among the first three
 * results, on the real site. Routes come from the sidebar of docs.config.ts (the product slug is
 * read from the configuration).
 */
const QUESTIONS: [query: string, route: string][] = [
  ['api key', '/api/auth/'],
  ['sign up', '/sign-up/'],
  ['hello world', '/quickstart/hello-world/'],
  ['make an http request', '/quickstart/make-http-request/'],
  ['google sheets', '/quickstart/add-data-to-google-sheets/'],
  ['run a workflow on a schedule', '/quickstart/run-workflow-on-a-schedule/'],
  ['end a workflow early', '/quickstart/end-workflow-early/'],
  ['npm packages', '/quickstart/using-npm-packages/'],
  ['triggers', '/workflows/steps/triggers/'],
  ['async await', '/workflows/steps/code/async/'],
  ['share code between workflows', '/workflows/steps/code/nodejs/sharing-code/'],
  ['working with files', '/workflows/steps/code/nodejs/working-with-files/'],
  ['step params', '/workflows/steps/params/'],
  ['environment variables', '/environment-variables/'],
  ['axios', '/{slug}-axios/'],
  ['connected accounts', '/connected-accounts/'],
  ['inspect events', '/workflows/events/inspect/'],
  ['replay events', '/workflows/events/replay/'],
  ['cold start', '/workflows/events/cold-starts/'],
  ['concurrency', '/workflows/events/concurrency-and-throttling/'],
  ['throttling', '/workflows/events/concurrency-and-throttling/'],
  ['rss feed', '/event-sources/rss/'],
  ['copy a workflow', '/workflows/copy/'],
  ['global error workflow', '/workflows/error-handling/global-error-workflow/'],
  ['limits', '/limits/'],
  ['install the cli', '/cli/install/'],
  ['cli login', '/cli/login/'],
  ['s3 bucket', '/destinations/s3/'],
  ['sql destination', '/destinations/sql/'],
  ['slack', '/apps/slack/'],
  ['discord', '/apps/discord/'],
  ['pricing', '/pricing/'],
  ['pgp key', '/privacy-and-security/pgp-key/'],
  ['subprocessors', '/subprocessors/'],
  ['report abuse', '/abuse/'],
  ['troubleshooting', '/troubleshooting/'],
  ['organizations', '/orgs/'],
  ['return an http response', '/workflows/examples/return-http-response/'],
  ['component api', '/components/api/'],
  ['public workflows', '/public-workflows/'],
  // The pages of issue 18's "what a developer looks for and does not find".
  ['ctx reference', '/workflows/steps/code/reference/'],
  ['typescript types', '/workflows/steps/code/reference/'],
  ['cors', '/workflows/steps/http-trigger/'],
  ['multipart file upload', '/workflows/steps/http-trigger/'],
  ['form body', '/workflows/steps/http-trigger/'],
  ['sql dialect', '/destinations/sql-query/'],
  ['sql query timeout', '/destinations/sql-query/'],
  ['retry schedule', '/destinations/delivery/'],
  ['http destination timeout', '/destinations/delivery/'],
  ['continue on error', '/workflows/error-handling/step-errors/'],
  ['try catch in a step', '/workflows/error-handling/step-errors/'],
  ['how many workflows can i have', '/usage-limits/'],
  ['monthly invocation cap', '/usage-limits/'],
  ['single sign-on', '/orgs/sso/'],
  ['saml', '/orgs/sso/'],
  ['okta', '/orgs/sso-okta/'],
  ['audit log', '/orgs/audit-log/'],
  ['data residency', '/privacy-and-security/trust/'],
  ['encryption at rest', '/privacy-and-security/trust/'],
  ['changelog', '/changelog/'],
  ['hubspot', '/apps/hubspot/'],
  ['airtable', '/workflows/examples/add-record-to-airtable/'],
  ['email a customer', '/workflows/examples/send-email-to-someone-else/'],
  ['workflow without code', '/quickstart/connect-apps-without-code/'],
];

const HAVE_CONTENT = existsSync(path.join(REPO, 'content/index.md'));

/** The sidebar's routes, the product slug and the base, from the configuration. */
async function siteConfig() {
  const config = await loadConfig(REPO);
  const sidebar = (config.sidebar ?? []).flatMap((entry) => ('items' in entry ? entry.items.map((i) => (typeof i === 'string' ? i : i.link)) : [entry.link]));
  const route = (r: string) => r.replace('{slug}', config.product?.slug ?? '');
  return { sidebar, route, base: config.base };
}

describe('search: the relevance questions', () => {
  it('ask about pages the sidebar lists, in plain words', async () => {
    const { sidebar, route } = await siteConfig();
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(25);
    for (const [query, r] of QUESTIONS) expect(sidebar, query).toContain(route(r));
  });
});

describe('search: relevance on the real site', () => {
  let config: Awaited<ReturnType<typeof siteConfig>>;
  let engine: SearchEngine;
  beforeAll(async () => {
    config = await siteConfig();
    if (HAVE_CONTENT) engine = await (await searchSite(REPO)).engine();
  });

  it.skipIf(!HAVE_CONTENT).each(QUESTIONS)('"%s" has %s among the first three results', async (query, r) => {
    const hits = await engine.search(query, 3);
    const pages = hits.map((hit) => hit.url.replace(/#.*$/, ''));
    expect(pages, `${query}: ${hits.map((h) => `${h.url} (${h.heading || h.title})`).join(', ')}`).toContain(`${config.base}${config.route(r).slice(1)}`);
  });
});
