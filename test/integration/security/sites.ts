import { afterEach } from 'vitest';
import { BuildFailure, type BuildError } from '../../../src/model/errors.js';
import { buildInMemory } from '../../helpers/site.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Sites for the hostile-input tests: `site(files)` writes a site with a home page and these files,
 * removed after the test; `problemsOf(root)` builds it in memory and gives the problems it failed
 * with (none when it built).
 */
export function hostileSites(): {
  site: (files: Record<string, string>) => Promise<string>;
  problemsOf: (root: string) => Promise<BuildError[]>;
} {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  return {
    async site(files) {
      const made = await tmpSite({ 'content/index.md': page('Home', 'Hello.'), ...files });
      cleanups.push(made.cleanup);
      return made.root;
    },
    async problemsOf(root) {
      try {
        await buildInMemory(root);
      } catch (error) {
        if (error instanceof BuildFailure) return error.problems;
        throw error;
      }
      return [];
    },
  };
}
