import type { PluggableList } from 'unified';
import type { VFile } from 'vfile';
import type { MarkdownPluginEntry } from './types.js';

type Attacher = (this: unknown, ...options: unknown[]) => unknown;
type Transformer = (
  this: unknown,
  tree: unknown,
  file: VFile,
  next?: (error?: unknown, tree?: unknown, file?: unknown) => void,
) => unknown;

/** What a user's plugin raised, as it was tagged: its name and where in the chain it runs. */
export interface PluginMessageTag {
  /** 'remark plugin "remarkNoTodo"' */
  plugin: string;
}

/** A user's plugin threw, or cannot run here (an async transformer): named, with the reason. */
export class MarkdownPluginError extends Error {
  constructor(
    readonly plugin: string,
    message: string,
    readonly fix: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * A user's unified plugin as the chain uses it: every message it raises on the file is tagged with
 * its name (so it is reported like ours, with its severity), a throw is reported with its name, and
 * an async transformer is refused with a reason (pages are rendered synchronously, in any thread).
 */
export function namedPlugins(entries: MarkdownPluginEntry[] | undefined, kind: 'remark' | 'rehype'): PluggableList {
  return (entries ?? []).map((entry, index) => {
    const [plugin, ...options] = (Array.isArray(entry) ? entry : [entry]) as [Attacher, ...unknown[]];
    const name = `${kind} plugin "${plugin.name || `${kind}Plugins[${index}]`}"`;
    function attacher(this: unknown, ...args: unknown[]): unknown {
      const transformer = plugin.apply(this, args) as Transformer | undefined;
      if (typeof transformer !== 'function') return transformer;
      const tag = (file: VFile, from: number) => {
        for (const message of file.messages.slice(from))
          (message as unknown as Partial<PluginMessageTag>).plugin ??= name;
      };
      const fail = (file: VFile, from: number, error: unknown) => {
        tag(file, from);
        // `file.fail` threw a message already on the file: it is reported from there.
        if (file.messages.includes(error as never)) return error;
        const place = error as { line?: number; column?: number; place?: { line?: number; column?: number } };
        return new MarkdownPluginError(
          name,
          `${name} failed: ${(error as Error)?.message ?? String(error)}`,
          "the message is the plugin's own: fix the page, the plugin or its options, or remove it from `markdown`",
          place.line ?? place.place?.line,
          place.column ?? place.place?.column,
        );
      };
      // Callback transformers (three parameters) are told apart by their length, as unified does.
      if (transformer.length >= 3) {
        return function (
          this: unknown,
          tree: unknown,
          file: VFile,
          next: (error?: unknown, tree?: unknown, file?: unknown) => void,
        ) {
          const from = file.messages.length;
          transformer.call(this, tree, file, (error, t, f) =>
            error ? next(fail(file, from, error)) : (tag(file, from), next(undefined, t, f)),
          );
        };
      }
      return function (this: unknown, tree: unknown, file: VFile) {
        const from = file.messages.length;
        let result: unknown;
        try {
          result = transformer.call(this, tree, file);
        } catch (error) {
          throw fail(file, from, error);
        }
        if (result instanceof Promise) {
          result.catch(() => {}); // refused below; its outcome is of no use
          throw new MarkdownPluginError(
            name,
            `${name} is asynchronous (its transformer returns a promise), and pages are rendered synchronously`,
            "make the transformer synchronous; fetch data in a build plugin's `pages` hook instead",
          );
        }
        tag(file, from);
        return result;
      };
    }
    Object.defineProperty(attacher, 'name', { value: plugin.name });
    return [attacher, ...options];
  }) as PluggableList;
}

/**
 * The users' plugins as part of the Markdown cache key: each one's code and options, so that
 * changing either renders the pages again. '' without plugins (the key stays what it was). Only
 * the plugin function's own source is seen: a helper it imports is not (README "Extending").
 */
export function markdownPluginsKey(
  markdown: { remarkPlugins?: MarkdownPluginEntry[]; rehypePlugins?: MarkdownPluginEntry[] } | undefined,
): string {
  const all = [...(markdown?.remarkPlugins ?? []), ...(markdown?.rehypePlugins ?? [])];
  if (!all.length) return '';
  return all.map((entry) => (Array.isArray(entry) ? entry : [entry]).map(codeOf).join('\0')).join('\n');
}

function codeOf(value: unknown): string {
  if (typeof value === 'function') return value.toString();
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'function' ? v.toString() : v)) ?? String(value);
  } catch {
    return String(value); // circular options: the plugin's code still counts
  }
}
