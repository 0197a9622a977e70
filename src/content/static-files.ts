import { readFile } from 'node:fs/promises';
import { contentFile } from '../versions/paths.js';
import type { ResolvedConfig } from '../config/index.js';
import { BuildFailure, type BuildError, type Problems } from '../model/errors.js';
import { unreadableFile } from './index.js';
import type { OutputFile } from '../model/page.js';

/** Files beside the pages (images, downloads), copied to the same path under the output. */
export async function readStaticFiles(config: ResolvedConfig, files: string[]): Promise<OutputFile[]> {
  const unreadable: BuildError[] = [];
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { path: file, contents: await readFile(contentFile(config, file)) };
      } catch (error) {
        unreadable.push(unreadableFile(file, error));
        return undefined;
      }
    }),
  );
  if (unreadable.length) throw new BuildFailure(unreadable);
  return read as OutputFile[];
}

/** Two outputs at one path would silently overwrite each other: a static file named like a page, say. */
export function checkOutputCollisions(paths: Iterable<string>, staticFiles: string[], problems: Problems): void {
  const seen = new Set<string>();
  const fromContent = new Set(staticFiles);
  for (const file of paths) {
    if (seen.has(file)) {
      problems.add(
        `two outputs have the path ${file}`,
        { file: fromContent.has(file) ? file : '(build output)' },
        'rename the file in content/ so that it does not stand where a page, a redirect or an asset is written',
      );
    }
    seen.add(file);
  }
}
