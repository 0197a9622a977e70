import path from 'node:path';
/** Where a problem is, in the writer's terms: a source file and, when known, a line and column. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Marks a BuildError made by any copy of this module: the package ships it twice (in the CLI's bundle and in
 * `pagewright/config`, which plugins import), and a plugin's BuildError must keep its place and fix in the CLI.
 */
const BUILD_ERROR = Symbol.for('pagewright.BuildError');

/** A problem in the user's input. Printed as `file:line:col  message` and a fix, without a stack trace. */
export class BuildError extends Error {
  /** `instanceof` by the mark, not the class: true for a BuildError of another copy of this module. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BUILD_ERROR] === true;
  }

  declare readonly [BUILD_ERROR]: true;

  constructor(
    message: string,
    readonly place: Place,
    readonly fix?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'BuildError';
    Object.defineProperty(this, BUILD_ERROR, { value: true });
  }

  get where(): string {
    return [this.place.file, this.place.line, this.place.column].filter((p) => p != null).join(':');
  }

  override toString(): string {
    return `${this.where}  ${this.message}${this.fix ? `\n    fix: ${this.fix}` : ''}`;
  }

  toJSON() {
    return {
      file: this.place.file,
      line: this.place.line,
      column: this.place.column,
      message: this.message,
      fix: this.fix,
    };
  }

  /** The error `toJSON` gave (sent by a page worker, kept in a cache). */
  static fromJSON(json: ReturnType<BuildError['toJSON']>): BuildError {
    return new BuildError(json.message, { file: json.file, line: json.line, column: json.column }, json.fix);
  }
}

/**
 * A command used wrongly (a missing folder, a bad option value, a port taken): the CLI prints it
 * as `error: message`, like commander's own usage errors, without a stack, and exits 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Every problem a stage found, thrown once so the writer sees them all in one run. */
export class BuildFailure extends Error {
  constructor(readonly problems: BuildError[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} found`);
    this.name = 'BuildFailure';
  }

  format(): string {
    return `${formatProblems(this.problems)}\n\n${this.message}.`;
  }
}

/** Problems grouped by file, in file order, each group sorted by line. */
export function formatProblems(problems: BuildError[]): string {
  const byFile = new Map<string, BuildError[]>();
  for (const p of problems) {
    const list = byFile.get(p.place.file) ?? [];
    list.push(p);
    byFile.set(p.place.file, list);
  }
  const out: string[] = [];
  for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(file);
    list.sort((a, b) => (a.place.line ?? 0) - (b.place.line ?? 0));
    for (const p of list) {
      const pos = p.place.line != null ? `  ${p.place.line}:${p.place.column ?? 1}` : '  -';
      out.push(`${pos}  ${p.message}${p.fix ? `\n      fix: ${p.fix}` : ''}`);
    }
  }
  return out.join('\n');
}

/** Warnings, for a run that succeeded (`outcome`: what succeeded): grouped like problems, with their count. */
export function formatWarnings(warnings: BuildError[], outcome = 'the build succeeded'): string {
  return `${formatProblems(warnings)}\n\n${warnings.length} warning${warnings.length === 1 ? '' : 's'} (${outcome}).`;
}

/** Collects problems during a stage; `throwIfAny` ends the stage with one BuildFailure. Warnings never fail it. */
export class Problems {
  readonly list: BuildError[] = [];
  readonly warnings: BuildError[] = [];
  add(message: string, place: Place, fix?: string): void {
    this.list.push(new BuildError(message, place, fix));
  }
  push(...errors: BuildError[]): void {
    this.list.push(...errors);
  }
  warn(...warnings: BuildError[]): void {
    this.warnings.push(...warnings);
  }
  throwIfAny(): void {
    if (this.list.length) throw new BuildFailure(this.list);
  }
}

/** What to do about a file-system error the build cannot get past, by its code. */
const FILE_SYSTEM_FIXES: Record<string, (where: string) => { message: string; fix: string }> = {
  ENOSPC: (where) => ({
    message: `the disk is full: cannot write ${where} (ENOSPC)`,
    fix: 'free space on that disk (a build needs room for one more copy of the site beside the last), then build again; the previous output is untouched',
  }),
  EDQUOT: (where) => ({
    message: `the disk quota is used up: cannot write ${where} (EDQUOT)`,
    fix: 'free space within your quota, then build again; the previous output is untouched',
  }),
  EROFS: (where) => ({
    message: `a read-only file system: cannot write ${where} (EROFS)`,
    fix: 'build in a writable folder, or set `outDir` in docs.config.ts (or pass --out) to a folder on a writable disk',
  }),
  EACCES: (where) => ({
    message: `no permission to write ${where} (EACCES)`,
    fix: 'give the user running the build write access to it, or set `outDir` (--out) to a folder you can write',
  }),
  EPERM: (where) => ({
    message: `not permitted to change ${where} (EPERM)`,
    fix: 'give the user running the build write access to it, or set `outDir` (--out) to a folder you can write',
  }),
  ENOTDIR: (where) => ({
    message: `a file stands where a folder is expected: ${where} (ENOTDIR)`,
    fix: 'remove or rename that file: the build keeps its output, staging and cache in folders there',
  }),
  EEXIST: (where) => ({
    message: `a file stands where a folder is expected: ${where} (EEXIST)`,
    fix: 'remove or rename that file: the build keeps its output, staging and cache in folders there',
  }),
  EISDIR: (where) => ({
    message: `a folder stands where a file is expected: ${where} (EISDIR)`,
    fix: 'remove or rename that folder',
  }),
  ENAMETOOLONG: (where) => ({
    message: `a path too long for the file system: ${where} (ENAMETOOLONG)`,
    fix: 'shorten the names of the pages, folders or versions it is made from',
  }),
};

/**
 * A file-system error (a full disk, a folder not writable, a file where a folder should be) as a
 * user error naming the path and what to do; undefined for anything else, which stays a bug of ours.
 * `root`: paths inside it are shown relative to it.
 */
export function fileSystemProblem(error: unknown, root = process.cwd()): BuildError | undefined {
  const { code, path: at, dest } = (error ?? {}) as NodeJS.ErrnoException & { dest?: string };
  const explain = code ? FILE_SYSTEM_FIXES[code] : undefined;
  if (!explain) return undefined;
  const full = dest ?? at;
  const shown = full
    ? path.relative(root, full).startsWith('..')
      ? full
      : path.relative(root, full) || '.'
    : 'a file';
  const { message, fix } = explain(shown);
  return new BuildError(message, { file: shown }, fix, { cause: error });
}
