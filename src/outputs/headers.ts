import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/schema.js';
import { headScript, headTagSources } from '../theme/head.js';
import type { OutputFile } from '../model/page.js';
import { inlineScripts } from '../plugins/assets.js';

/** Where the tag manager loads from and reports to (only allowed when analytics is configured). */
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

/** `'sha256-…'` of an inline script, as the browser computes it over the script's exact text. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** What the policy reads of the configuration: the theme's banner and head tags, and the plugins' inline scripts, change it too. */
type PolicyConfig = Pick<ResolvedConfig, 'analytics'> &
  Partial<Pick<ResolvedConfig, 'feedback'>> &
  Partial<Pick<ResolvedConfig, 'theme' | 'plugins' | 'root' | 'configFile'>> & {
    /** The origins the API reference's try-it panels send requests to (src/content/openapi.ts `apiOrigins`). */
    apiOrigins?: string[];
  };

/**
 * Where a page may send requests: its own origin, the tag manager's when analytics is on, the feedback
 * endpoint's when answers are sent there, and the API's origin on a reference page with a try-it panel (`api`).
 */
export function connectSources(
  config: Pick<ResolvedConfig, 'analytics'> & Partial<Pick<ResolvedConfig, 'feedback'>>,
  api: string[] = [],
): string[] {
  return [
    "'self'",
    ...(config.analytics.containerId ? ANALYTICS.connect : []),
    ...(config.feedback?.endpoint ? [new URL(config.feedback.endpoint).origin] : []),
    ...api,
  ];
}

/**
 * The policy a page adds in a `<meta>` on a site with try-it panels: the header allows requests to
 * every API origin of the site (hosts give one header to every path), each page narrows it to its
 * own (none on a page that is not a reference). A browser enforces both: the narrower wins.
 */
export function pageConnectPolicy(
  config: Pick<ResolvedConfig, 'analytics'> & Partial<Pick<ResolvedConfig, 'feedback'>>,
  api: string[] = [],
): string {
  return `connect-src ${connectSources(config, api).join(' ')}`;
}

/**
 * The Content-Security-Policy the site satisfies: everything from our own origin, no inline
 * script but the theme script and the project's own and the plugins' head scripts (by hash), no inline style,
 * nothing framed or embedded; the origins of the project's external head scripts and stylesheets.
 */
export function contentSecurityPolicy(config: PolicyConfig): string {
  const extra = config.analytics.containerId ? ANALYTICS : { script: [], connect: [], img: [] };
  const head = headTagSources(config.theme?.head ?? []);
  const plugins = config.plugins
    ? inlineScripts({ plugins: config.plugins, root: config.root ?? '.', configFile: config.configFile }).map(
        scriptHash,
      )
    : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      ...[headScript(config.theme), ...head.inlineScripts].map(scriptHash),
      ...new Set(plugins),
      ...head.scriptOrigins,
      ...extra.script,
    ],
    ['style-src', "'self'", ...head.styleOrigins],
    ['img-src', "'self'", 'data:', ...extra.img],
    ['font-src', "'self'"],
    ['connect-src', ...connectSources(config, config.apiOrigins)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The headers every response of the site gets, whatever the host. */
export function securityHeaders(config: PolicyConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** Hashed file names change with their content, so a year and `immutable` is safe. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, sitemap, llms.txt) is checked with the host on every visit. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * `_headers` for Netlify and Cloudflare Pages. Both join the values of a header set by two
 * matching rules, so Cache-Control is set by one rule only: hashed assets get a year; every
 * other file keeps the hosts' default, which already revalidates on each request.
 */
export function headersFile(config: PolicyConfig & Pick<ResolvedConfig, 'base'>): OutputFile {
  const lines = [
    '# Security headers for every file of the site.',
    `${config.base}*`,
    ...Object.entries(securityHeaders(config)).map(([name, value]) => `  ${name}: ${value}`),
    '',
    '# Content-hashed assets: a new build writes new names, so browsers may keep these for a year.',
    `${config.base}assets/*`,
    `  Cache-Control: ${IMMUTABLE}`,
  ];
  return { path: '_headers', contents: `${lines.join('\n')}\n` };
}

/** One block of a `_headers` file: a URL path pattern and the headers of the paths it matches. */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/**
 * Reads a `_headers` file the way Netlify and Cloudflare Pages do: a line that starts in the
 * first column is a URL path pattern, the indented `Name: value` lines under it its headers,
 * `#` lines are comments.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: trimmed, headers: [] });
    else if (rules.length && trimmed.includes(':')) {
      const colon = trimmed.indexOf(':');
      rules[rules.length - 1].headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/**
 * The headers of a URL path: those of every rule whose pattern matches it (`*` matches any
 * characters, `:name` one path segment); a header set by two rules gets both values joined with
 * ", ", as both hosts do.
 */
export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':') && part.length > 1
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}
