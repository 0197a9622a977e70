/**
 * The zod schema of the configuration (src/config/index.ts), read at build time, and walked into rows (one a key, nested keys
 * included) for the generated configuration reference. Nothing here repeats a key by hand: a key
 * added to the schema appears in the reference at the next build.
 */
import type { z } from 'zod';
import * as configModule from '../../src/config/index.js';

/** One documented key: its dotted path (`runtime.progress.minimum`, `social[].icon`, `locales.<key>.label`). */
export interface SchemaRow {
  path: string;
  /** Top-level key it belongs to. */
  top: string;
  depth: number;
  type: string;
  /** Whether the key may be left out. */
  optional: boolean;
}

type AnySchema = z.core.$ZodType;
// zod 4 keeps each schema's definition on `_zod.def`; its fields depend on `type`.
type Def = Record<string, unknown> & { type: string };
const defOf = (s: AnySchema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema of `docs.config.ts`, as src/config/index.ts validates with it. */
export function configSchema(): AnySchema {
  return configModule.userConfigSchema as unknown as AnySchema;
}

/** The keys of an object schema, in the schema's order. */
export function objectShape(schema: AnySchema): Record<string, AnySchema> | undefined {
  const inner = unwrap(schema).schema;
  const def = defOf(inner);
  return def.type === 'object' ? (def.shape as Record<string, AnySchema>) : undefined;
}

/** The top-level keys of the configuration. */
export function topLevelKeys(schema: AnySchema = configSchema()): string[] {
  return Object.keys(objectShape(schema) ?? {});
}

/** Strips `optional`, `default`, `nullable` and refinements (pipes) to the schema underneath. */
function unwrap(schema: AnySchema): { schema: AnySchema; optional: boolean } {
  let s = schema;
  let optional = false;
  for (;;) {
    const def = defOf(s);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') {
      optional = true;
      s = def.innerType as AnySchema;
    } else if (def.type === 'nullable' || def.type === 'readonly' || def.type === 'nonoptional') s = def.innerType as AnySchema;
    else if (def.type === 'pipe') s = def.in as AnySchema;
    else if (def.type === 'lazy') s = (def.getter as () => AnySchema)();
    else return { schema: s, optional };
  }
}

/** A short TypeScript-like name for a schema: `string`, `'a' | 'b'`, `Array<object>`, `Record<string, number>`. */
export function typeName(schema: AnySchema, depth = 0): string {
  const s = unwrap(schema).schema;
  const def = defOf(s);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
    case 'any':
      return def.type;
    case 'int':
      return 'number';
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((v) => `'${v}'`)
        .join(' | ');
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
    case 'custom':
      return 'function';
    case 'object':
      return 'object';
    case 'array':
      return depth > 2 ? 'Array' : `Array<${typeName(def.element as AnySchema, depth + 1)}>`;
    case 'tuple':
      return `[${(def.items as AnySchema[]).map((i) => typeName(i, depth + 1)).join(', ')}${def.rest ? ', ...options' : ''}]`;
    case 'record':
      return depth > 2 ? 'Record' : `Record<string, ${typeName(def.valueType as AnySchema, depth + 1)}>`;
    case 'union': {
      const names = [...new Set((def.options as AnySchema[]).map((o) => typeName(o, depth + 1)))];
      return names.join(' | ');
    }
    default:
      return def.type;
  }
}

/**
 * Every key of the configuration, depth first: a key, then the keys of the objects it holds (through
 * optional, arrays, records and unions of objects). A schema met again below itself (the sidebar's
 * groups hold groups) is listed once.
 */
export function schemaRows(schema: AnySchema = configSchema()): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const walk = (s: AnySchema, prefix: string, top: string, depth: number, seen: Set<unknown>) => {
    const shapes = objectShapesWithin(s, seen);
    for (const { shape, suffix } of shapes) {
      for (const [key, child] of Object.entries(shape)) {
        const path = `${prefix}${suffix}${prefix || suffix ? '.' : ''}${key}`.replace(/^\./, '');
        if (rows.some((r) => r.path === path)) continue;
        const { optional } = unwrap(child);
        rows.push({ path, top: top || key, depth, type: typeName(child), optional });
        walk(child, path, top || key, depth + 1, new Set(seen));
      }
    }
  };
  walk(schema, '', '', 0, new Set());
  return rows;
}

/** The object schemas a value of this schema may hold directly, each with the path suffix that reaches it. */
function objectShapesWithin(
  schema: AnySchema,
  seen: Set<unknown>,
  suffix = '',
): { shape: Record<string, AnySchema>; suffix: string }[] {
  const s = unwrap(schema).schema;
  if (seen.has(s)) return [];
  const def = defOf(s);
  switch (def.type) {
    case 'object':
      seen.add(s);
      return [{ shape: def.shape as Record<string, AnySchema>, suffix }];
    case 'array':
      return objectShapesWithin(def.element as AnySchema, seen, `${suffix}[]`);
    case 'record':
      return objectShapesWithin(def.valueType as AnySchema, seen, `${suffix}.<key>`);
    case 'union':
      return (def.options as AnySchema[]).flatMap((o) => objectShapesWithin(o, seen, suffix));
    default:
      return [];
  }
}
