import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../client/search/engine.js';
import { loadConfig } from '../../src/config/index.js';
import { REPO } from '../helpers/site.js';
import { sharedSearchEngine } from '../helpers/search-site.js';
import { configuredTargets } from '../../src/model/nav.js';

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

  // Questions as readers type them: acronyms, everyday words, tasks (issue 18).
  ['server-sent events', '/api/sse/'],
  ['sse reconnect last-event-id', '/api/sse/'],
  ['cron job', '/workflows/steps/triggers/'],
  ['env var', '/environment-variables/'],
  ['pause a workflow', '/workflows/managing/'],
  ['export workflow to json', '/api/rest/workflows/'],
  ['deploy a workflow from ci', '/workflows/managing/'],
  ['workflow logs api', '/api/rest/workflows/'],
  ['list connected accounts', '/api/rest/accounts/'],
  ['verify webhook signature', '/api/rest/webhooks/'],
  ['automatic retries', '/workflows/settings/'],
  ['out of memory error', '/errors/'],
  ['too many requests', '/errors/'],
  ['payload too large', '/errors/'],
  ['daily invocation quota', '/errors/'],
  ['free plan monthly invocations', '/pricing/'],
  ['what counts as an invocation', '/pricing/'],
  ['secrets in logs', '/privacy-and-security/'],
  ['oauth token refresh', '/connected-accounts/'],
  ['who gets error emails', '/workflows/settings/'],
  ['rotate api key', '/api/auth/'],
  ['static ip address', '/workflows/networking/'],
  ['firewall allowlist', '/workflows/networking/'],
  ['wait three days before the next step', '/examples/waiting-to-execute-next-step-of-workflow/'],
  ['store data between executions', '/workflows/steps/code/state/'],
  ['tmp directory', '/workflows/steps/code/nodejs/working-with-files/'],
  ['deduplicate events', '/event-sources/'],
  ['subscribe to a public stream', '/event-sources/public-streams/'],
  ['source console logs', '/event-sources/logs/'],
  ['github new issue source', '/event-sources/github/'],
  ['emit events to another workflow', '/destinations/emit/'],
  ['query the sql table', '/destinations/sql/'],
  ['http destination retries', '/destinations/http/'],
  ['invite a member', '/orgs/'],
  ['owner admin member roles', '/orgs/'],
  ['cli config file profiles', '/cli/login/'],
  ['cli exit codes', '/cli/reference/'],
  ['pagination cursor', '/api/overview/'],
  ['read workflow errors with the api', '/api/rest/workflow-errors/'],
  ['test a workflow before deploying', '/workflows/events/test/'],
  ['manual trigger', '/workflows/steps/triggers/'],
  ['is the platform down', '/status/'],
  ['report a bug', '/new-feature-or-bug/'],
  ['migrate an old component', '/components/migrating/'],
  ['component version semver', '/components/guidelines/'],
  ['warm workers', '/workflows/events/cold-starts/'],
  ['delete my account', '/user-settings/'],
  ['timezone of a schedule', '/workflows/steps/triggers/'],
  // The HTTP trigger page's "Request bodies" is the reference for every body format; the quickstart answers the task.
  ['request body json form', '/workflows/steps/http-trigger/'],
  ['read a name from the request body', '/quickstart/hello-name/'],
];

const HAVE_CONTENT = existsSync(path.join(REPO, 'content/index.md'));

/** The sidebar's routes, the product slug and the base, from the configuration. */
async function siteConfig() {
  const config = await loadConfig(REPO);
  const sidebar = configuredTargets(config.sidebar);
  const route = (r: string) => r.replace('{slug}', String(config.constants.productSlug ?? ''));
  return { sidebar, route, base: config.base };
}

describe('search: the relevance questions', () => {
  it('ask about pages the sidebar lists, in plain words', async () => {
    const { sidebar, route } = await siteConfig();
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(85);
    for (const [query, r] of QUESTIONS) expect(sidebar, query).toContain(route(r));
  });
});

describe('search: relevance on the real site', () => {
  let config: Awaited<ReturnType<typeof siteConfig>>;
  let engine: SearchEngine;
  beforeAll(async () => {
    config = await siteConfig();
    if (HAVE_CONTENT) engine = await sharedSearchEngine(REPO);
  });

  it.skipIf(!HAVE_CONTENT)('puts the expected page first for most questions', async () => {
    const first: string[] = [];
    for (const [query, r] of QUESTIONS) {
      const [hit] = await engine.search(query, 1);
      if (hit?.url.replace(/#.*$/, '') === `${config.base}${config.route(r).slice(1)}`) first.push(query);
    }
    expect(first.length / QUESTIONS.length).toBeGreaterThanOrEqual(0.75);
  });

  it.skipIf(!HAVE_CONTENT).each(QUESTIONS)('"%s" has %s among the first three results', async (query, r) => {
    const hits = await engine.search(query, 3);
    const pages = hits.map((hit) => hit.url.replace(/#.*$/, ''));
    expect(pages, `${query}: ${hits.map((h) => `${h.url} (${h.heading || h.title})`).join(', ')}`).toContain(
      `${config.base}${config.route(r).slice(1)}`,
    );
  });
});
