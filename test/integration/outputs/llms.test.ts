import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, fixture } from '../../helpers/site.js';

type Built = Awaited<ReturnType<typeof buildInMemory>>;

describe('outputs/llms and outputs/markdown-pages', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildInMemory(fixture('quality'));
  });

  it('writes each page as Markdown next to its HTML: title, description, body with constants resolved', () => {
    const md = built.writer.text('errors/index.md')!;
    expect(
      md.startsWith('# Errors\n\nEvery error a workflow step can raise, what it means and how to fix it.\n\n'),
    ).toBe(true);
    expect(md).toContain('More than 600 requests arrived in one minute.');
    expect(md).not.toContain('%{');
    expect(built.writer.text('index.md')!.startsWith('# Overview\n')).toBe(true);
    for (const page of built.site.pages)
      expect(built.writer.files.has(`${page.regularPath.slice(1)}index.md`), page.regularPath).toBe(true);
  });

  it('points the Markdown links between pages to the published pages, keeping the #heading', () => {
    const md = built.writer.text('index.md')!;
    expect(md).toContain('[long guide](https://relay.example/docs/guides/long/)');
    expect(md).toContain('[REST reference](https://relay.example/docs/api/rest/#list-workflows)');
    expect(md).not.toMatch(/\]\([^)]*\.md[#)]/);
    expect(built.writer.text('api/rest/index.md')).toContain('[rate limits](#rate-limits)');
  });

  it('links "View as Markdown" from each page to that Markdown file', () => {
    expect(built.writer.text('guides/long/index.html')).toContain('href="/docs/guides/long/index.md"');
  });

  it('starts llms.txt with the home page, after the summary, and lists it once', () => {
    const llms = built.writer.text('llms.txt')!;
    const links = [...llms.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((m) => m[1]);
    expect(links[0]).toBe('https://relay.example/docs/index.md');
    expect(links.filter((l) => l === 'https://relay.example/docs/index.md')).toHaveLength(1);
    expect(llms.indexOf('- [Overview](https://relay.example/docs/index.md)')).toBeLessThan(llms.indexOf('\n## '));
  });

  it('lists every page in llms.txt under its sidebar group, with its description', () => {
    const llms = built.writer.text('llms.txt')!;
    expect(llms.startsWith('# Quality Docs - Fixture\n\n> A fixture site for the quality gates')).toBe(true);
    const groups = [...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(groups).toEqual(['Start', 'Guides', 'APIs', 'More']);
    const guides = llms.slice(llms.indexOf('## Guides'), llms.indexOf('## APIs'));
    expect(guides).toContain(
      '- [Build a workflow end to end](https://relay.example/docs/guides/long/index.md): A long guide that takes one workflow',
    );
    for (const page of built.site.pages)
      expect(
        llms.match(new RegExp(`\\]\\(https://relay\\.example${page.path}index\\.md\\)`, 'g'))?.length,
        page.path,
      ).toBe(1);
    expect(llms.slice(llms.indexOf('## More'))).toContain('[Errors](https://relay.example/docs/errors/index.md)');
  });

  it('puts every page in llms-full.txt in reading order', () => {
    const full = built.writer.text('llms-full.txt')!;
    const titles = [...full.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    expect(titles).toEqual(
      built.site.order
        .map((p) => p.title)
        .concat(built.site.pages.filter((p) => !built.site.order.includes(p)).map((p) => p.title)),
    );
    expect(full).toContain('<!-- Source: https://relay.example/docs/api/rest/ -->');
    expect(full).toContain('The base URL of every request is `https://api.relay.example/v1`.');
  });
});
