import YAML, { LineCounter, isNode } from 'yaml';
import { BuildError } from '../model/errors.js';
import { projectRefResolver, refusedRefs } from '../content/openapi-refs.js';
import type { ReadRules } from '../content/project-files.js';

/** Where the REST API's description lives under the content folder, when there is one. */
export const OPENAPI_MODEL = '_model/openapi.yaml';

interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { additionalProperty?: string; missingProperty?: string };
}

/**
 * The OpenAPI document must be valid (schema and `$ref`s): the API reference is drawn from it.
 * Each schema error points at the line of the object it is about. The one validator of OpenAPI
 * documents: the build's reference pages (src/content/openapi.ts) use it too.
 */
export async function checkOpenApi(
  file: string,
  raw: string,
  rules: ReadRules,
  relative = OPENAPI_MODEL,
): Promise<BuildError[]> {
  return (await validateOpenApi(file, raw, rules, relative)).problems;
}

/**
 * `checkOpenApi`, and the document itself, dereferenced, when it is valid (the reference pages draw on it).
 * Its `$ref`s read only files `rules` allow, and fetch nothing (src/content/openapi-refs.ts).
 */
export async function validateOpenApi(
  file: string,
  raw: string,
  rules: ReadRules,
  relative = OPENAPI_MODEL,
): Promise<{ problems: BuildError[]; api?: unknown }> {
  let api: unknown;
  try {
    api = YAML.parse(raw);
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    return {
      problems: [
        new BuildError(
          `the OpenAPI document does not parse: ${(error as Error).message.split('\n')[0]}`,
          { file: relative, line: pos?.line, column: pos?.col },
          'fix the YAML',
        ),
      ],
    };
  }
  const refused = refusedRefs(file, raw, relative, rules);
  if (refused.length) return { problems: refused };
  try {
    // The validator dereferences the parsed document in place; `file` resolves relative $refs.
    // Loaded here, not at start-up: only a site with an OpenAPI document needs it (0.15 s of CPU to load).
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const resolve = { http: false, file: projectRefResolver(file, relative, rules, refused) };
    return { problems: [], api: await SwaggerParser.validate(file, api as never, { resolve } as never) };
  } catch (error) {
    return { problems: refused.length ? refused : validationProblems(error, raw, relative) };
  }
}

function validationProblems(error: unknown, raw: string, relative: string): BuildError[] {
  const details = (error as { details?: SchemaError[] }).details;
  const fix = 'fix the document against the OpenAPI 3 specification';
  if (!details?.length) {
    const message = (error as Error).message.split('\n')[0];
    const ref = /\$ref pointer "([^"]+)"/.exec(message);
    const line = ref ? raw.split('\n').findIndex((l) => l.includes(ref[1])) + 1 || undefined : undefined;
    return [
      new BuildError(
        `invalid OpenAPI document: ${message}`,
        { file: relative, line },
        ref ? 'point the $ref at a schema that exists under components' : fix,
      ),
    ];
  }
  // Ajv reports each failed alternative of a oneOf; the alternatives' own errors say more.
  const useful = details.filter(
    (d) => d.keyword !== 'oneOf' && d.keyword !== 'anyOf' && d.params?.missingProperty !== '$ref',
  );
  const lineOf = lineFinder(raw); // a second parse, with positions: only when there are errors to place
  return (useful.length ? useful : details).map((d) => {
    const what = d.params?.additionalProperty
      ? `unknown property "${d.params.additionalProperty}"`
      : (d.message ?? d.keyword);
    return new BuildError(
      `invalid OpenAPI document at #${d.instancePath || '/'}: ${what}`,
      { file: relative, line: lineOf(d.instancePath) },
      fix,
    );
  });
}

/** Maps a JSON pointer to the line of that node in the YAML text. */
function lineFinder(raw: string): (pointer: string) => number | undefined {
  const counter = new LineCounter();
  const doc = YAML.parseDocument(raw, { lineCounter: counter });
  return (pointer) => {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const node = doc.getIn(keys, true);
    const offset = isNode(node) ? node.range?.[0] : undefined;
    return offset === undefined ? undefined : counter.linePos(offset).line;
  };
}
