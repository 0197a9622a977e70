import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { REPO } from './site.js';

/** A site written to a temp folder from a map of files; `page()` makes a valid page. */
export async function tmpSite(files: Record<string, string>): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docs-site-'));
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents.replace(/__SRC__/g, path.join(REPO, 'src')));
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Makes temp folders (`make(prefix)`) that are removed after each test of the file that calls this. */
export function tempFolders(): (prefix: string) => Promise<string> {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
  });
  return async (prefix) => {
    const root = await mkdtemp(path.join(os.tmpdir(), prefix));
    roots.push(root);
    return root;
  };
}

/** Rewrites a file with `change` applied to its text, as an editor's save does. */
export async function editFile(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/**
 * A page's Markdown: frontmatter with the title, a description (one of its own unless given: no two
 * pages share one, which `check` would report) and any `frontmatter` lines more, then the body.
 */
export function page(title: string, body = '', more: { description?: string; frontmatter?: string } = {}): string {
  return `---\ntitle: ${title}\ndescription: ${more.description ?? `About ${title.toLowerCase()}.`}\n${more.frontmatter ?? ''}---\n\n${body}\n`;
}

/** A docs.config.ts importing defineConfig from this repo (src/config/define.ts, as docs.config.ts does: nothing heavy to compile). */
export function configFile(config: Record<string, unknown>): string {
  return `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig(${JSON.stringify(config, null, 2)});\n`;
}
