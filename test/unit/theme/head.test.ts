import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { BuildFailure } from '../../../src/model/errors.js';
import { contentSecurityPolicy, scriptHash } from '../../../src/outputs/headers.js';
import type { HeadTag } from '../../../src/theme/config.js';
import { headScript, headTagSources, projectHeadTags, THEME_SCRIPT } from '../../../src/theme/head.js';

describe('theme/head', () => {
  it("writes the project's head tags as HTML, escaping values, with bare and left-out boolean attributes", () => {
    expect(
      projectHeadTags([
        { tag: 'meta', attrs: { name: 'x', content: 'a "quoted" <value>' } },
        { tag: 'script', attrs: { src: 'https://stats.example/s.js', defer: true, async: false } },
        { tag: 'script', content: 'window.x=1' },
      ]),
    ).toBe(
      '<meta name="x" content="a &quot;quoted&quot; &lt;value&gt;">\n<script src="https://stats.example/s.js" defer></script>\n<script>window.x=1</script>',
    );
  });

  it("opens the policy to the head tags' inline scripts by hash and external scripts and stylesheets by origin, and to nothing else", () => {
    const head: HeadTag[] = [
      { tag: 'script', content: 'window.x=1' },
      { tag: 'script', attrs: { src: 'https://stats.example/js/s.js', defer: true } },
      { tag: 'script', attrs: { src: '/docs/local.js' } },
      { tag: 'link', attrs: { rel: 'stylesheet', href: 'https://fonts.example/css?f=1' } },
      { tag: 'link', attrs: { rel: 'preconnect', href: 'https://cdn.example' } },
    ];
    expect(headTagSources(head)).toEqual({
      inlineScripts: ['window.x=1'],
      scriptOrigins: ['https://stats.example'],
      styleOrigins: ['https://fonts.example'],
    });
    const policy = contentSecurityPolicy({ analytics: {}, theme: { ...resolveConfig({}, '/tmp/site').theme, head } });
    expect(policy).toContain(
      `script-src 'self' ${scriptHash(THEME_SCRIPT)} ${scriptHash('window.x=1')} https://stats.example;`,
    );
    expect(policy).toContain("style-src 'self' https://fonts.example;");
    expect(policy).not.toContain('cdn.example');
  });

  it('keeps the theme script as it is without a banner, and hides a dismissed banner by its id with one', () => {
    expect(headScript(undefined)).toBe(THEME_SCRIPT);
    expect(headScript({ banner: { id: 'launch-2', text: 'x' } })).toBe(
      `${THEME_SCRIPT}try{if(localStorage.getItem('docs-banner')==='launch-2')document.documentElement.classList.add('banner-hidden')}catch(e){}`,
    );
  });

  it('refuses head tags it cannot place: a title, content on a meta, a script that would close itself', () => {
    const problems = (head: unknown) => {
      try {
        resolveConfig({ head }, '/tmp/site');
        return [];
      } catch (error) {
        return (error as BuildFailure).problems.map((p) => p.message);
      }
    };
    expect(problems([{ tag: 'title' }])[0]).toMatch(/^"head\.0\.tag"/);
    expect(problems([{ tag: 'meta', content: 'x' }])).toEqual(['"head.0.content": only a script has content']);
    expect(problems([{ tag: 'script', content: 'a="</script>"' }])).toEqual([
      '"head.0.content": an inline script cannot contain "</script"',
    ]);
  });
});
