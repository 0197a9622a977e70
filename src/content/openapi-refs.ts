import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML, { LineCounter, isScalar } from 'yaml';
import { BuildError } from '../model/errors.js';
import { readProjectText, RefusedFile, resolveProjectFile, type ReadRules } from './project-files.js';

/**
 * An OpenAPI document's `$ref` to another file or to a URL is a way to read a file, like an include:
 * the validator would otherwise read any path of the machine (`../../.env`, `/etc/passwd`) into the
 * reference, or fetch any URL from the build (a request from inside CI). So a `$ref` to a URL is
 * refused, and one to a file must resolve inside the content folder under the rules of every read
 * (src/content/project-files.ts); the files it names are read through those rules and their own
 * `$ref`s checked the same way.
 */

/** A `$ref` whose target is not in the same document (not `#/...`), and its line. */
interface ExternalRef {
  ref: string;
  line: number;
}

/** `http:`, `https:`, `file:`, `ftp:`...: a URL, not a path. */
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The `$ref`s of a YAML (or JSON) text that point at another file or a URL. */
function externalRefs(raw: string): ExternalRef[] {
  const counter = new LineCounter();
  const doc = YAML.parseDocument(raw, { lineCounter: counter });
  const found: ExternalRef[] = [];
  YAML.visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== '$ref' || !isScalar(pair.value)) return;
      const ref = pair.value.value;
      if (typeof ref !== 'string' || ref.startsWith('#')) return;
      found.push({ ref, line: counter.linePos(pair.value.range?.[0] ?? 0).line });
    },
  });
  return found;
}

/**
 * The problems of the `$ref`s of one file of a document (`file`, shown as `shown`): each that is a
 * URL or resolves outside the folders of `rules`, at its line.
 */
export function refusedRefs(file: string, raw: string, shown: string, rules: ReadRules): BuildError[] {
  const problems: BuildError[] = [];
  for (const { ref, line } of externalRefs(raw)) {
    const place = { file: shown, line };
    if (URL_SCHEME.test(ref)) {
      problems.push(
        new BuildError(
          `the $ref "${ref}" is a URL: the build fetches nothing from the network`,
          place,
          'copy the schema into the content folder and refer to it by a relative path (`./schemas/thing.yaml`), or define it under `components` and refer to it as `#/components/schemas/Thing`',
        ),
      );
      continue;
    }
    const target = decodeURI(ref.split('#')[0]);
    if (!target) continue;
    try {
      resolveProjectFile(path.resolve(path.dirname(file), target), rules, target);
    } catch (error) {
      if (!(error instanceof RefusedFile)) throw error;
      problems.push(new BuildError(`the $ref "${ref}" cannot be read: ${error.message}`, place, error.fix));
    }
  }
  return problems;
}

/**
 * The `file` resolver of the validator (json-schema-ref-parser) for a document at `file`: it reads
 * the files the document's `$ref`s name under `rules`, checks their own `$ref`s, and puts what it
 * refused into `refused` (the validator's own error would not say why). Nothing else is read.
 */
export function projectRefResolver(file: string, shown: string, rules: ReadRules, refused: BuildError[]) {
  const shownOf = (other: string) => path.join(path.dirname(shown), path.relative(path.dirname(file), other)).split(path.sep).join('/');
  return {
    order: 1,
    canRead: true,
    read({ url }: { url: string }): string {
      const other = url.startsWith('file:') ? fileURLToPath(url) : url;
      try {
        const raw = readProjectText(other, rules, shownOf(other));
        const problems = refusedRefs(other, raw, shownOf(other), rules);
        if (problems.length) {
          refused.push(...problems);
          throw new Error(`${shownOf(other)} has $refs the build does not follow`);
        }
        return raw;
      } catch (error) {
        if (error instanceof RefusedFile) refused.push(new BuildError(error.message, { file: shown }, error.fix));
        throw error;
      }
    },
  };
}
