import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { BuildFailure, type BuildError } from '../../src/model/errors.js';
import { MemoryWriter } from '../../src/write/index.js';
import { configFile, tmpSite } from '../helpers/tmp-site.js';

/**
 * Strictness is configuration (issue 39): each rule the peers leave lenient is lenient by default and an error under
 * `strict: true` or its own key. Each pair builds the same pages twice.
 */

type Outcome = { problems: string[]; warnings: string[]; files: Map<string, string> };

async function build(files: Record<string, string>, config: Record<string, unknown> = {}): Promise<Outcome> {
  const site = await tmpSite({ 'docs.config.ts': configFile({ title: 'Strict', ...config }), ...files });
  const writer = new MemoryWriter();
  const warnings: string[] = [];
  try {
    const result = await buildSite(await loadConfig(site.root), writer);
    warnings.push(...((result as { warnings?: BuildError[] }).warnings ?? []).map(String));
    const files = new Map<string, string>();
    for (const [file, data] of (writer as unknown as { files: Map<string, Uint8Array | string> }).files)
      files.set(file, String(typeof data === 'string' ? data : Buffer.from(data)));
    return { problems: [], warnings, files };
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error;
    return { problems: error.problems.map(String), warnings, files: new Map() };
  } finally {
    await site.cleanup();
  }
}

const HOME = '---\ntitle: Home\ndescription: The home page.\n---\n\nWelcome.\n';

describe('strict rules: the peers’ default, and the error `strict` makes of it', () => {
  const headingPage = { 'content/index.md': HOME, 'content/guide.md': '# The guide\n\nIt starts here, with **one** [link](index.md).\n' };

  it('title: from the first `# Heading` by default (the heading leaves the body); an error with strict.title', async () => {
    const lenient = await build(headingPage);
    expect(lenient.problems).toEqual([]);
    const html = lenient.files.get('guide/index.html')!;
    expect(html).toContain('<title>The guide | Strict</title>');
    expect(html).toContain('<h1 id="page-title" tabindex="-1">The guide</h1>');
    expect(html.match(/<h1/g)).toHaveLength(1);
    for (const strict of [true, { title: true }]) {
      const { problems } = await build(headingPage, { strict });
      expect(problems).toContain(
        'guide.md:1  missing frontmatter "title"\n    fix: add a line `title: Page title` to the frontmatter',
      );
    }
    const titled = { ...headingPage, 'content/guide.md': '---\ntitle: Guide\ndescription: D.\n---\n\n# The guide\n' };
    expect((await build(titled, { strict: { title: true } })).problems).toEqual([
      expect.stringMatching(/^guide\.md:6 {2}a level 1 heading in the body: the page title is already the h1/),
    ]);
  });

  it('description: from the first paragraph by default; an error with strict.description', async () => {
    const lenient = await build(headingPage);
    expect(lenient.files.get('guide/index.html')).toContain(
      '<meta name="description" content="It starts here, with one link.">',
    );
    const { problems } = await build(headingPage, { strict: { description: true } });
    expect(problems).toEqual([expect.stringMatching(/^guide\.md:1 {2}missing frontmatter "description"/)]);
  });

  it('code parse checks: none by default; the languages strict.codeParse names (true: all)', async () => {
    const files = {
      'content/index.md': `${HOME}\n\`\`\`js\nconst a = ;\n\`\`\`\n\n\`\`\`json\n{ "a": 1, }\n\`\`\`\n`,
    };
    expect((await build(files)).problems).toEqual([]);
    expect((await build(files, { strict: { codeParse: ['json'] } })).problems).toEqual([
      expect.stringMatching(/^index\.md:13:\d+ {2}JSON code block does not parse/),
    ]);
    expect((await build(files, { strict: true })).problems).toHaveLength(2);
  });

  it('code group tabs: labelled by the language by default; a block without a title is an error with strict.codeGroupTitles', async () => {
    const files = { 'content/index.md': `${HOME}\n::: code-group\n\n\`\`\`sh [npm]\nnpm i x\n\`\`\`\n\n\`\`\`bash\nyarn add x\n\`\`\`\n\n:::\n` };
    const lenient = await build(files);
    expect(lenient.problems).toEqual([]);
    expect(lenient.files.get('index.html')).toMatch(/<span class="code-title">npm<\/span>.*<span class="code-title">bash<\/span>/s);
    expect((await build(files, { strict: { codeGroupTitles: true } })).problems).toEqual([
      expect.stringMatching(/^index\.md:14:1 {2}a code block in a code group has no title/),
    ]);
  });

  it('unknown fence language: plain text and a warning by default; an error with strict.codeLanguage', async () => {
    const files = { 'content/index.md': `${HOME}\n\`\`\`vue\n<template><p>x</p></template>\n\`\`\`\n` };
    const lenient = await build(files);
    expect(lenient.problems).toEqual([]);
    expect(lenient.files.get('index.html')).toContain('<div class="code-block" data-lang="vue">');
    expect((await build(files, { strict: { codeLanguage: true } })).problems).toEqual([
      expect.stringMatching(/^index\.md:8:1 {2}unknown code block language "vue"\n/),
    ]);
  });
});

describe('frontmatter keys', () => {
  it('an unknown key is an error with the key it is nearest to; a declared key passes, and must have its type', async () => {
    const files = {
      'content/index.md': '---\ntitle: Home\ndescription: D.\nsidebar_lable: Start\naudience: admins\n---\n\nText.\n',
    };
    const { problems } = await build(files);
    expect(problems).toEqual([
      'index.md:4  unknown frontmatter key "sidebar_lable": did you mean "sidebar_label"?\n    fix: rename it to "sidebar_label", or declare it in docs.config.ts: `frontmatter: { sidebar_lable: \'string\' }`',
      expect.stringMatching(/^index\.md:5 {2}unknown frontmatter key "audience"\n/),
    ]);
    const declared = await build(
      { 'content/index.md': '---\ntitle: Home\ndescription: D.\naudience: admins\n---\n\nText.\n' },
      { frontmatter: { audience: 'string' } },
    );
    expect(declared.problems).toEqual([]);
    const wrongType = await build(
      { 'content/index.md': '---\ntitle: Home\ndescription: D.\naudience: 3\n---\n\nText.\n' },
      { frontmatter: { audience: 'string' } },
    );
    expect(wrongType.problems).toEqual([expect.stringMatching(/^index\.md:4 {2}frontmatter "audience" must be a string/)]);
  });
});

describe('includes and snippets stay inside the content folder', () => {
  it('refuses a snippet or an include that leads out of it', async () => {
    const { problems } = await build({
      'secret.ts': 'export const key = 1;\n',
      'content/index.md': `${HOME}\n<<< @/../secret.ts\n\n<!--@include: ../secret.ts-->\n`,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^index\.md:8 {2}snippet outside the content folder: @\/\.\.\/secret\.ts/),
      expect.stringMatching(/^index\.md:10 {2}included file outside the content folder: \.\.\/secret\.ts/),
    ]);
  });
});
