import { contentFile, contentFolderOf } from '../versions/paths.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, BuildFailure, type Problems } from '../model/errors.js';
import type { OutputFile } from '../model/page.js';
import { contentRules, readProjectFile, RefusedFile } from './project-files.js';
import { isSvg, svgProblems } from './svg-images.js';

/**
 * Files beside the pages (images, downloads), copied to the same path under the output. Each is
 * read as src/content/project-files.ts allows (inside its content folder, a regular file, at most
 * `limits.fileBytes`), and an SVG only when it cannot run script (src/content/svg-images.ts); every
 * file refused is reported at once.
 */
export async function readStaticFiles(config: ResolvedConfig, files: string[]): Promise<OutputFile[]> {
  const out: OutputFile[] = [];
  const refused: BuildError[] = [];
  for (const file of files) {
    try {
      const rules = contentRules(contentFolderOf(config, file), config.limits.fileBytes);
      const contents = readProjectFile(contentFile(config, file), rules, file);
      const unsafe = isSvg(file) ? svgProblems(file, contents.toString('utf8'), config.security) : [];
      if (unsafe.length) refused.push(...unsafe);
      else out.push({ path: file, contents });
    } catch (error) {
      if (!(error instanceof RefusedFile)) throw error;
      refused.push(new BuildError(error.message, { file }, error.fix));
    }
  }
  if (refused.length) throw new BuildFailure(refused);
  return out;
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
