import { describe, expect, it } from 'vitest';
import { buildInMemory, fixture } from '../../helpers/site.js';

describe('versions: a site with two versions (test/fixtures/versions)', () => {
  it('serves the current version at the base and the older one under its name, each with its own pages, constants and files', async () => {
    const { writer } = await buildInMemory(fixture('versions'));
    const html = (path: string) => writer.text(path);
    expect(html('guide/setup/index.html')).toContain('Install Node.js 22, then run the installer.');
    expect(html('1.0/guide/setup/index.html')).toContain('Install Node.js 18, then run the old installer.'); // its pinned constant
    expect(html('guide/workflows/index.html')).toBeDefined();
    expect(html('1.0/guide/workflows/index.html')).toBeUndefined();
    expect(html('1.0/guide/jobs/index.html')).toContain('cronjobbery');
    expect(html('guide/jobs/index.html')).toBeUndefined();
    // Links and images of an old page stay in its version.
    expect(html('1.0/index.html')).toContain('href="/docs/1.0/guide/jobs/"');
    expect(html('1.0/guide/setup/index.html')).toMatch(/<img src="\/docs\/1\.0\/guide\/pic\.svg"[^>]* width="10" height="10"/);
    expect(writer.files.has('1.0/guide/pic.svg')).toBe(true);
  });
});
