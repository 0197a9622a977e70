import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** Faults found by building test/fixtures/all-features, each in the smallest site that shows it. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

async function site(files: Record<string, string>) {
  const made = await tmpSite(files);
  cleanups.push(made.cleanup);
  return made.root;
}

describe('features together', () => {
  it("renders an MDX page's imported component named like a built-in (Callout) as the page's own", async () => {
    const root = await site({
      'docs.config.ts': configFile({ base: '/docs/' }),
      'content/index.md': page('Home'),
      'content/widgets.mdx': page(
        'Widgets',
        'import { Callout } from \'../components/Callout.tsx\'\n\n<Callout label="Tip">Pin a widget.</Callout>',
      ),
      'components/Callout.tsx':
        'export function Callout({ children, label }: { children?: React.ReactNode; label: string }) {\n  return <aside className="own-callout"><b>{label}</b> {children}</aside>;\n}\n',
    });
    const { writer } = await buildInMemory(root);
    const html = writer.text('widgets/index.html')!;
    expect(html).toContain('<aside class="own-callout"><b>Tip</b> Pin a widget.</aside>');
    expect(html).not.toContain('class="callout');
  });

  it("`docs version` leaves the blog's posts out of the snapshot: the blog is the site's, not a version's", async () => {
    const root = await site({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nimport { blog } from '__SRC__/plugins/blog/index.ts';\nexport default defineConfig({ base: '/docs/', locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' } }, plugins: [blog()] });\n`,
      'content/index.md': page('Home'),
      'content/de/index.md': page('Start'),
      'content/guide.md': page('Guide'),
      'content/blog/2026-01-01-hello.md': page('Hello', 'First post.'),
      'content/de/blog/2026-01-01-hello.md': page('Hallo', 'Erster Beitrag.'),
    });
    expect(await runCli(['version', '1.0', root])).toMatchObject({ code: 0, stderr: '' });
    const snapshot = path.join(root, 'versions/1.0/content');
    expect(existsSync(path.join(snapshot, 'guide.md'))).toBe(true);
    expect(existsSync(path.join(snapshot, 'blog'))).toBe(false);
    expect(existsSync(path.join(snapshot, 'de/blog'))).toBe(false);
    const built = await runCli(['build', root]);
    expect(built.stderr).not.toContain('orphan');
    expect(built.code).toBe(0);
  });

  it("links an old version's sidebar entry for a page a plugin generates to the current version's page", async () => {
    const root = await site({
      'docs.config.ts': `import { defineConfig, definePlugin } from '__SRC__/config/define.ts';
const glossary = definePlugin({
  name: 'glossary',
  pages: ({ addPage }) => addPage({ route: '/glossary/', title: 'Glossary', description: 'Words.', markdown: 'Flow: steps.' }),
});
export default defineConfig({ base: '/docs/', versions: { current: { name: '2.0' } }, sidebar: [{ text: 'Guide', items: ['/', '/glossary/'] }], plugins: [glossary] });
`,
      'content/index.md': page('Home'),
    });
    expect(await runCli(['version', '1.0', root])).toMatchObject({ code: 0, stderr: '' });
    const { writer } = await buildInMemory(root);
    const old = writer.text('1.0/index.html')!;
    expect(writer.text('1.0/glossary/index.html')).toBeUndefined(); // made once, for the current version
    expect(old).toContain('href="/docs/glossary/"');
    expect(old).not.toContain('href="/docs/1.0/glossary/"');
  });
});
