import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inGitCheckout } from '../../src/content/git.js';
import { REPO } from '../helpers/site.js';
import { tempFolders } from '../helpers/tmp-site.js';

/** Whether git itself finds a repository from `dir`. */
const gitFinds = (dir: string) =>
  spawnSync('git', ['rev-parse', '--git-dir'], { cwd: dir, stdio: 'ignore' }).status === 0;

describe('inGitCheckout', () => {
  const folder = tempFolders();

  it('says what git says: a checkout found from a folder at any depth below it, or none', async () => {
    expect(inGitCheckout(path.join(REPO, 'test/fixtures'))).toBe(true);
    const root = await folder('docs-git-');
    const deep = path.join(root, 'site/content/guide');
    await mkdir(deep, { recursive: true });
    expect(inGitCheckout(deep)).toBe(gitFinds(deep));
    execFileSync('git', ['init', '--quiet'], { cwd: path.join(root, 'site') });
    expect(inGitCheckout(deep)).toBe(true);
    expect(gitFinds(deep)).toBe(true);
  });
});
