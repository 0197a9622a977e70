import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { MemoryWriter } from '../../src/write/index.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { check, page } from '../unit/checks/harness.js';

/** One site with one problem of every kind `check` knows. */
const BROKEN = {
  'docs.config.ts': `export default {
  title: 'Check',
  constants: { limit: '512KB' },
  sidebar: [{ text: 'Guide', items: ['/guide/', '/guide/gone/'] }],
  redirects: [{ from: '/old', to: '/nowhere/' }],
  checks: { duplicateDescriptions: 'error', orphans: 'error' },
  strict: true,
};
`,
  'content/_model/cli.yaml': 'binary: conduit\nglobalFlags: []\ncommands:\n  - { name: deploy, flags: [] }\n',
  'content/index.md': page(
    'Home',
    'Limit: %{limitt}. See the [guide](guide/index.md#missing-heading) and [nothing](nothing.md).',
  ),
  'content/guide/index.md': page('Guide', '```json\n{ "a": 1, }\n```\n\n```bash\nconduit publish\n```', {
    description: 'Shared words.',
  }),
  'content/guide/other.md': page('Other', '', { description: 'Shared words.' }),
  'content/guide/untitled.md': '---\ndescription: No title here.\n---\n\nBody.\n',
};

/** `check` of BROKEN, run once for the three tests that read its report (text and JSON). */
let brokenReport: ReturnType<typeof check> | undefined;
const checkBroken = () => (brokenReport ??= check(BROKEN));

describe('check', () => {
  it('reports every kind of problem in one run, by file and line', async () => {
    const r = await checkBroken();
    expect(r.code).toBe(1);
    const seen = r.problems.map((p) => `${p.file}:${p.line ?? '-'} ${p.message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^index\.md:6 unknown constant "limitt"/),
        'index.md:6 link to a missing heading: guide/index.md#missing-heading',
        'index.md:6 link to a missing page: nothing.md',
        'docs.config.ts:4 sidebar group "Guide" lists /guide/gone/, which is not a page',
        'docs.config.ts:5 redirect /old -> /nowhere/ ends at /nowhere/, which is not a page',
        expect.stringMatching(/^guide\/index\.md:7 JSON code block does not parse/),
        'guide/index.md:11 unknown command "conduit publish"',
        'guide/index.md:3 duplicate description: the same as guide/other.md',
        'guide/other.md:3 duplicate description: the same as guide/index.md',
        'guide/other.md:1 orphan page: /guide/other/ is not in the sidebar and no page links to it',
        'guide/untitled.md:1 missing frontmatter "title"',
      ]),
    );
  });

  it('prints the problems grouped by file, sorted by line, each with its fix', async () => {
    const r = await checkBroken();
    expect(r.text).toMatch(
      /^docs\.config\.ts\n {2}4:1 {2}sidebar group "Guide"[^\n]*\n {6}fix: [^\n]+\n {2}5:1 {2}redirect \/old/m,
    );
    expect(r.text).toMatch(
      /^guide\/index\.md\n {2}3:1 {2}duplicate description[^\n]*\n {6}fix: [^\n]+\n {2}7:\d+ {2}JSON code block/m,
    );
    expect(r.text).toMatch(/\n\d+ problems found\.\n$/);
  });

  it('reports JSON for tooling: ok, the page count and the problems sorted by file and line', async () => {
    const r = await checkBroken();
    expect(r.ok).toBe(false);
    const order = r.problems.map((p) => [p.file, p.line ?? 0] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));
    expect(Object.keys(r.problems[0]).sort()).toEqual(expect.arrayContaining(['file', 'message']));
  });

  it('exits 0 with a one-line summary when there is nothing to fix', async () => {
    const r = await check({
      'content/index.md': page('Home', 'See [a](a.md).'),
      'content/a.md': page('A', '```js\nexport const a = 1;\n```'),
    });
    expect(r.code).toBe(0);
    expect(r.ok).toBe(true);
    expect(r.text).toBe('checked 2 pages: no problems\n');
  });

  // In this process: test/integration/cli.test.ts spawns `docs check` (its exit code from a process of its own).
  it('is the CLI command: exit 1 and JSON on stdout on problems, exit 2 on an unknown format', async () => {
    const site = await tmpSite(BROKEN);
    try {
      const run = (...args: string[]) => runCli(['check', site.root, ...args]);
      const json = await run('--format', 'json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout).ok).toBe(false);
      const bad = await run('--format', 'xml');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--format must be "text" or "json"');
    } finally {
      await site.cleanup();
    }
  });

  it('fails the build on the same content checks (build and check agree)', async () => {
    const site = await tmpSite({
      'docs.config.ts': "export default { title: 'Check', strict: true };\n",
      'content/index.md': page('Home', '```yaml\na: [\n```'),
    });
    try {
      const error = await buildSite(await loadConfig(site.root), new MemoryWriter()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      expect((error as BuildFailure).problems.map(String)).toEqual([
        expect.stringMatching(/^index\.md:7:\d+ {2}YAML code block does not parse/),
      ]);
    } finally {
      await site.cleanup();
    }
  });
});

describe('check with warnings alone', () => {
  it('says the check passed, not that a build did: check builds nothing', async () => {
    const site = await tmpSite({
      'docs.config.ts': `export default {
  title: 'Warned',
  plugins: [{ name: 'terms', checks: () => [{ name: 'used', severity: 'warning', run: () => ['"Queue" is unused'] }] }],
};
`,
      'content/index.md': page('Home', 'Welcome.'),
      'content/guide.md': page('Guide', 'Read on.'),
    });
    try {
      const r = await runCli(['check'], site.root);
      expect(r.code).toBe(0);
      const out = r.stdout + r.stderr;
      expect(out).toMatch(/1 warning \(the check passed\)\.\nchecked 2 pages: no problems/);
      expect(out).not.toContain('the build succeeded');
    } finally {
      await site.cleanup();
    }
  });
});
