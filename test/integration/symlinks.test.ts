import { symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildFailure } from '../../src/model/errors.js';
import { buildInMemory } from '../helpers/site.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function site(files: Record<string, string>) {
  const made = await tmpSite({ 'content/index.md': page('Home', 'Hello.'), ...files });
  cleanup = made.cleanup;
  return made.root;
}

async function problemsOf(root: string): Promise<string[]> {
  try {
    await buildInMemory(root);
  } catch (error) {
    if (error instanceof BuildFailure) return error.problems.map((p) => `${p.where}  ${p.message}`);
    throw error;
  }
  return [];
}

describe('content: symbolic links', () => {
  it('refuses links that leave the content folder: a host file, a page and a folder outside it', async () => {
    const root = await site({
      'secret.txt': 'root:x:0:0',
      'outside.md': page('Outside'),
      'elsewhere/page.md': page('Elsewhere'),
    });
    await symlink(path.join(root, 'secret.txt'), path.join(root, 'content/passwd.txt'));
    await symlink(path.join(root, 'outside.md'), path.join(root, 'content/outside.md'));
    await symlink(path.join(root, 'elsewhere'), path.join(root, 'content/folder'));
    const problems = await problemsOf(root);
    expect(problems).toEqual([
      `folder  a symbolic link to ${path.join(root, 'elsewhere')}, outside the content folder`,
      `outside.md  a symbolic link to ${path.join(root, 'outside.md')}, outside the content folder`,
      `passwd.txt  a symbolic link to ${path.join(root, 'secret.txt')}, outside the content folder`,
    ]);
  });

  it('follows links to files and folders inside the content folder, and refuses a link back to a folder containing it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const root = await site({ 'content/guide/intro.md': page('Intro'), 'content/_shared/diagram.svg': svg });
    await symlink('../_shared', path.join(root, 'content/guide/images'));
    await symlink('_shared/diagram.svg', path.join(root, 'content/logo.svg'));
    await symlink('..', path.join(root, 'content/guide/up'));
    expect(await problemsOf(root)).toEqual(['guide/up  a symbolic link to a folder that contains it (a loop)']);

    await unlink(path.join(root, 'content/guide/up'));
    const { writer } = await buildInMemory(root);
    expect(writer.text('guide/images/diagram.svg')).toBe(svg);
    expect(writer.text('logo.svg')).toBe(svg);
  });
});
