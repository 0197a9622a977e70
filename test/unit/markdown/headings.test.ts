import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.js';

describe('markdown/headings', () => {
  it('never gives two headings the same id, also when one id is explicit', () => {
    const { page } = render('## Setup {#setup}\n\n## Setup\n\n## Other {#setup}\n\n[a](#setup-1)');
    expect(page.headers.map((h) => h.slug)).toEqual(['setup', 'setup-1', 'setup-2']);
    expect(page.html.match(/ id="setup"/g)).toHaveLength(1);
  });

  it('keeps heading ids clear of the layout ids (main, sidebar, page-title, announcer)', () => {
    const { page, problems } = render('## Main\n\n## Sidebar\n\n## Page title\n\n## Announcer\n\n[m](#main-1)');
    expect(page.headers.map((h) => h.slug)).toEqual(['main-1', 'sidebar-1', 'page-title-1', 'announcer-1']);
    expect(page.html).toContain('<a class="anchor" href="#main-1"');
    expect(problems).toEqual([]);
  });
});
