import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../../helpers/cli.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * A site whose current version is served from its snapshot (`pagewright version 1.0` and no `versions` key:
 * content/ is the next version), with problems in the project's own files beside the pages' problems.
 */
describe('a version served from its snapshot beside problems in the configuration and a plugin', () => {
  let cleanup: () => Promise<void>;
  let built: CliResult;
  beforeAll(async () => {
    const made = await tmpSite({
      'docs.config.ts': `import { defineConfig, BuildError } from '__SRC__/config/define.ts';
export default defineConfig({
  title: 'Acme Docs',
  topNav: [{ text: 'Missing', link: '/nowhere/' }],
  plugins: [
    {
      name: 'terms',
      checks: () => [{ name: 'terms-used', run: () => [new BuildError('"Queue" appears in no page', { file: 'data/terms.yaml', line: 1 }, 'use it')] }],
    },
  ],
});
`,
      'data/terms.yaml': '- Queue\n',
      'versions.json': '["1.0"]\n',
      'versions/1.0/content/index.md': page('Home', 'Version one.'),
      'versions/1.0/content/guide.md': page('Guide', 'See [the setup](setup.md).'),
      'content/index.md': page('Home', 'The next version.'),
    });
    cleanup = made.cleanup;
    built = await runCli(['build'], made.root);
  });
  afterAll(() => cleanup());

  it("names the project's own files as they are, not inside the current version's snapshot", () => {
    expect(built.code).toBe(1);
    const out = built.stdout + built.stderr;
    expect(out).toMatch(/^docs\.config\.ts\n.*topNav link "Missing"/m);
    expect(out).toMatch(/^data\/terms\.yaml\n\s+1:1\s+"Queue" appears in no page/m);
    expect(out).not.toContain('versions/1.0/content/docs.config.ts');
    expect(out).not.toContain('versions/1.0/content/data/');
  });

  it("still names a page's problem in the snapshot's file", () => {
    expect(built.stdout + built.stderr).toMatch(
      /^versions\/1\.0\/content\/guide\.md\n\s+\d+:\d+\s+link to a missing page/m,
    );
  });
});
