import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page } from '../../helpers/tmp-site.js';
import { hostileSites } from './sites.js';

/**
 * Issue 37, "MDX bypasses the rules `.md` follows": the rendered output of an MDX page obeys the
 * script and URL rules of Markdown pages, whatever produced it, and `security.mdx` refuses MDX
 * from folders that may not hold it.
 */

const { site, problemsOf: problems } = hostileSites();

async function build(files: Record<string, string>) {
  return buildInMemory(await site(files));
}

/** A site of these files built: its problems as `where  message`. */
async function problemsOf(files: Record<string, string>): Promise<string[]> {
  return (await problems(await site(files))).map((p) => `${p.where}  ${p.message}`);
}

const mdx = (body: string) => page('Widget', body);

describe('the output of an MDX page obeys the Markdown rules', () => {
  it.each([
    [
      'a script from dangerouslySetInnerHTML',
      `<div dangerouslySetInnerHTML={{ __html: '<script>alert(1)</script>' }} />`,
      'widget.mdx:6:1  a <script> element in the page (in the rendered MDX)',
    ],
    [
      'an event handler from dangerouslySetInnerHTML',
      `<span dangerouslySetInnerHTML={{ __html: '<img src="x.png" onerror="alert(1)">' }} />`,
      "widget.mdx:6:1  an event-handler attribute (onerror=) in the page's HTML (in the rendered MDX)",
    ],
    [
      'a javascript: link',
      `<a href="javascript:alert(1)">Go</a>`,
      "widget.mdx:6:1  a javascript: URL in the page's HTML (in the rendered MDX)",
    ],
    [
      'an iframe with srcDoc',
      `<iframe title="x" srcDoc="<script>parent.alert(1)</script>" />`,
      "widget.mdx:6:1  an iframe's srcdoc attribute in the page's HTML: its document runs script as the site (in the rendered MDX)",
    ],
    [
      'an object element',
      `<object data="/payload.html" />`,
      "widget.mdx:6:1  an <object> element in the page's HTML: it runs content of its own (in the rendered MDX)",
    ],
    [
      'a meta refresh to javascript:',
      `<meta httpEquiv="refresh" content="0; url=javascript:alert(1)" />`,
      'widget.mdx:6:1  a javascript: URL in the page\'s HTML (<meta http-equiv="refresh">) (in the rendered MDX)',
    ],
  ])('refuses %s, at its line', async (_, body, expected) => {
    expect(await problemsOf({ 'content/widget.mdx': mdx(body) })).toContain(expected);
  });

  it('refuses what a component of the project renders, whoever wrote it', async () => {
    const problems = await problemsOf({
      'components/index.tsx':
        "export function Sparkle() { return <b dangerouslySetInnerHTML={{ __html: '<svg onload=alert(1)></svg>' }} />; }\n",
      'docs.config.ts': configFile({ mdx: { components: './components/index.tsx' } }),
      'content/widget.mdx': mdx('Intro.\n\n<Sparkle />'),
    });
    expect(problems).toEqual([
      "widget.mdx  an event-handler attribute (onload=) in the page's HTML (in the rendered MDX)",
    ]);
  });

  it('honours security.allowScripts and allowedUrlSchemes as for .md', async () => {
    const { writer } = await build({
      'docs.config.ts': configFile({ security: { allowScripts: true, allowedUrlSchemes: ['javascript'] } }),
      'content/widget.mdx': mdx(
        `<div dangerouslySetInnerHTML={{ __html: '<script>window.x = 1</script>' }} />\n\n<a href="javascript:void(0)">Go</a>`,
      ),
    });
    expect(writer.text('widget/index.html')).toContain('<script>window.x = 1</script>');
  });

  it('lets ordinary JSX through', async () => {
    const { writer } = await build({
      'docs.config.ts': configFile({ base: '/docs/' }),
      'content/widget.mdx': mdx(
        '<a href="/">Home</a>\n\n<img src="https://example.com/a.png" alt="A" width="10" height="10" />',
      ),
    });
    expect(writer.text('widget/index.html')).toContain('<a href="/docs/">Home</a>');
  });
});

describe('security.mdx', () => {
  it('"refuse": an .mdx page is an error before any of its code runs', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ security: { mdx: 'refuse' } }),
      'content/widget.mdx': mdx("export const x = (() => { throw new Error('ran at build time') })()\n\nText."),
    });
    expect(problems).toEqual([
      'widget.mdx  an MDX page, and this project refuses MDX (`security.mdx: "refuse"`): its code would run at build time',
    ]);
  });

  it('a list of folders: MDX is built there only', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({ security: { mdx: ['./examples'] } }),
      'content/examples/demo.mdx': mdx('<b>Fine</b>'),
      'content/guide/widget.mdx': mdx('<b>Not here</b>'),
    });
    expect(problems).toEqual([
      'guide/widget.mdx  an MDX page outside the folders that may hold MDX (`security.mdx`: examples/): its code would run at build time',
    ]);
  });

  it('the CLI exits 1 with the page named and a fix', async () => {
    const root = await site({ 'content/widget.mdx': mdx(`<a href="javascript:alert(1)">Go</a>`) });
    const result = await runCli(['build', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/widget\.mdx\n\s+6:1\s+a javascript: URL in the page's HTML \(in the rendered MDX\)/);
    expect(result.stderr).toContain('fix: link to a page or an https:// address');
  });
});
