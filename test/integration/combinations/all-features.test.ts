import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory, fixture } from '../../helpers/site.js';

/** test/fixtures/all-features: every feature at once builds, and `docs check` finds nothing to report. */
describe('all features at once', () => {
  it('passes `docs check` with no problem and no warning', async () => {
    const checked = await runCli(['check', fixture('all-features')]);
    expect(checked.stderr).toBe('');
    expect(checked).toMatchObject({ code: 0 });
    expect(checked.stdout).toMatch(/checked \d+ pages: no problems/);
  });

  it('builds every combination of version and language with its features', async () => {
    const { writer, warnings } = await buildInMemory(fixture('all-features'));
    expect(warnings.map(String)).toEqual([]);
    const html = (file: string) => {
      const text = writer.text(file);
      if (text === undefined) throw new Error(`${file} was not built`);
      return text;
    };
    for (const prefix of ['', '1.0/', 'he/', '1.0/he/']) {
      const setup = html(`${prefix}guide/setup/index.html`);
      expect(setup).toContain('class="katex"'); // math
      expect(setup).toContain('thirty days'); // the partial
      expect(setup).toMatch(/<picture>.*editor\.\w+\.480\.avif/s); // a raster image, with renditions
      expect(setup).toContain('only-dark'); // and its dark variant
      expect(html(`${prefix}api/index.html`)).toContain('class="api-try"');
      expect(writer.text(`${prefix}changelog/feed.xml`)).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    }
    for (const prefix of ['', '1.0/']) {
      expect(html(`${prefix}guide/setup/index.html`)).toContain('<svg'); // the diagram
      expect(html(`${prefix}guide/setup/index.html`)).toContain('<kbd>Ctrl+K</kbd>'); // the remark plugin
      expect(html(`${prefix}guide/widgets/index.html`)).toContain(
        '<strong class="everything-shout">Widget tip</strong>',
      );
      expect(html(`${prefix}index.html`)).toContain('Made by the Everything docs team.'); // the footer override
    }
    expect(html('1.0/he/guide/setup/index.html')).toContain('<html lang="he" dir="rtl"');
    // Each version shows its own editor.png: 2.0's is 640 px wide, 1.0's 560.
    expect(html('guide/setup/index.html')).toMatch(/editor\.\w+\.640\.avif/);
    expect(html('1.0/guide/setup/index.html')).toMatch(/editor\.\w+\.560\.avif/);
    expect(html('glossary/index.html')).toContain('A chain of steps run for each event.');
    expect(html('blog/index.html')).toContain('Everything 2.0 is out');
    expect(writer.text('blog/atom.xml')).toContain('Everything 2.0 is out');
    expect(writer.text('1.0/blog/index.html')).toBeUndefined(); // the blog is the site's, not a version's
  });
});
