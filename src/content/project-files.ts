import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { formatBytes } from '../markdown/limits.js';

/**
 * A file the build may read for the site: one module for every reader (pages, includes, images,
 * downloads, a version's folder, an MDX page's imports), so the rules are written once.
 *
 * Documentation is built from pull requests: a page must not be able to publish a file of the
 * machine (`/etc/passwd`, `/proc/self/environ`, `~/.npmrc`, the project's `.env`) by naming it or by
 * a symbolic link to it, nor hang or exhaust the build with a FIFO or a device (`/dev/zero`).
 * So a file is read only when
 *
 * - its real path (every symbolic link followed, `realpath`) is inside one of the folders the
 *   reader allows (the content folder, a version's folder, the project root);
 * - it is a regular file: not a FIFO, a socket, a device or a folder (checked on the open file, so
 *   nothing is swapped in between, and opened non-blocking, so a FIFO cannot hang the open);
 * - it holds at most `maxBytes`: the read stops one byte past the limit, whatever its size claims
 *   (files under /proc say 0 bytes).
 *
 * What breaks a rule is a `RefusedFile` with what is wrong and how to fix it; the reader places it
 * at the file and line that asked for the file.
 */

export type RefusedReason = 'missing' | 'outside' | 'not-a-file' | 'too-large' | 'unreadable';

export class RefusedFile extends Error {
  constructor(
    readonly reason: RefusedReason,
    message: string,
    readonly fix: string,
    /** The system's error code, for a file that is missing or cannot be read (ENOENT, EACCES). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RefusedFile';
  }
}

export interface ReadRules {
  /** The folders (absolute) the file's real path must be in; each is itself resolved with realpath. */
  within: readonly string[];
  /** What the folders are, for messages: "the content folder". */
  withinName: string;
  /** The largest file read, in bytes. */
  maxBytes: number;
  /** The setting that raises `maxBytes`, for the fix: "limits.fileBytes". */
  limitSetting: string;
}

/** Folders' real paths, by the path given (a build asks for the same few folders thousands of times). */
const realFolders = new Map<string, string>();

function realFolder(folder: string): string {
  let real = realFolders.get(folder);
  if (real === undefined) {
    try {
      real = realpathSync(folder);
    } catch {
      return path.resolve(folder); // not there (yet): nothing inside it resolves either
    }
    if (realFolders.size > 256) realFolders.clear();
    realFolders.set(folder, real);
  }
  return real;
}

export const isInside = (file: string, folder: string) => file === folder || file.startsWith(folder + path.sep);

/** What a file that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Why a stat says the build may not read this path as a file, or null when it is a regular file. */
export function notARegularFile(stats: Stats, shown: string): RefusedFile | null {
  if (stats.isFile()) return null;
  return new RefusedFile(
    'not-a-file',
    `${shown} is ${kindOf(stats)}, not a regular file`,
    'replace it with a regular file (the build reads only regular files: a FIFO or a device would hang or flood it)',
  );
}

/**
 * The real path of `file` when it is inside the allowed folders; a `RefusedFile` otherwise.
 * `shown` names the file as the writer wrote it.
 */
export function resolveProjectFile(file: string, rules: Pick<ReadRules, 'within' | 'withinName'>, shown = file): string {
  let real: string;
  try {
    // The system's realpath: one call, where Node's own stats every folder of the path in JavaScript (a build
    // resolves each page, include and image: thousands of paths).
    real = realpathSync.native(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new RefusedFile('missing', `${shown} does not exist`, 'check the path and its spelling', code);
    throw new RefusedFile(
      'unreadable',
      `cannot read ${shown}: ${code ?? (error as Error).message}`,
      code === 'ELOOP' ? 'remove the symbolic-link loop' : 'check its permissions (it must be readable by the build)',
      code,
    );
  }
  const folders = rules.within.map(realFolder);
  if (folders.some((folder) => isInside(real, folder))) return real;
  const lexical = path.resolve(file);
  const throughLink = rules.within.some((folder) => isInside(lexical, path.resolve(folder)));
  throw new RefusedFile(
    'outside',
    throughLink
      ? `${shown} is a symbolic link (or inside one) to ${real}, outside ${rules.withinName}`
      : `${shown} is outside ${rules.withinName} (it resolves to ${real})`,
    `keep the file inside ${rules.withinName}: the build reads nothing else, so a page cannot publish the machine's files; copy the file in (a symbolic link may point only inside it)`,
  );
}

/** Reads a file under `rules`: inside the allowed folders, a regular file, at most `maxBytes`. */
export function readProjectFile(file: string, rules: ReadRules, shown = file): Buffer {
  const real = resolveProjectFile(file, rules, shown);
  let fd: number;
  try {
    // Non-blocking: opening a FIFO with no writer would wait forever. No link is left to follow.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RefusedFile(
      'unreadable',
      `cannot read ${shown}: ${code ?? (error as Error).message}`,
      code === 'ENXIO'
        ? 'replace it with a regular file'
        : 'check its permissions (it must be readable by the build)',
      code,
    );
  }
  try {
    const stats = fstatSync(fd);
    const refused = notARegularFile(stats, shown);
    if (refused) throw refused;
    const tooLarge = (size: string) =>
      new RefusedFile(
        'too-large',
        `${shown} is ${size}, over the limit of ${formatBytes(rules.maxBytes)} for a file the build reads`,
        `make the file smaller, or raise \`${rules.limitSetting}\` in docs.config.ts`,
      );
    if (stats.size > rules.maxBytes) throw tooLarge(formatBytes(stats.size));
    // Read to the end, never past the limit: a file's stated size may be 0 (/proc) or grow meanwhile.
    const chunks: Buffer[] = [];
    let total = 0;
    const chunkSize = Math.min(Math.max(stats.size + 1, 64 * 1024), rules.maxBytes + 1);
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, rules.maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > rules.maxBytes) throw tooLarge(`more than ${formatBytes(rules.maxBytes)}`);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** `readProjectFile` as UTF-8 text. */
export function readProjectText(file: string, rules: ReadRules, shown = file): string {
  return readProjectFile(file, rules, shown).toString('utf8');
}

/** The rules for a file of a content folder (content/, or a version's versions/<name>/content/): inside it, at most `fileBytes`. */
export function contentRules(contentDir: string, fileBytes: number): ReadRules {
  return { within: [contentDir], withinName: 'the content folder', maxBytes: fileBytes, limitSetting: 'limits.fileBytes' };
}
