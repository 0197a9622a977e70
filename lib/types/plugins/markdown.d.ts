import type { PluggableList } from 'unified';
import type { MarkdownPluginEntry } from './types.js';
/** What a user's plugin raised, as it was tagged: its name and where in the chain it runs. */
export interface PluginMessageTag {
    /** 'remark plugin "remarkNoTodo"' */
    plugin: string;
}
/** A user's plugin threw, or cannot run here (an async transformer): named, with the reason. */
export declare class MarkdownPluginError extends Error {
    readonly plugin: string;
    readonly fix: string;
    readonly line?: number | undefined;
    readonly column?: number | undefined;
    constructor(plugin: string, message: string, fix: string, line?: number | undefined, column?: number | undefined);
}
/**
 * A user's unified plugin as the chain uses it: every message it raises on the file is tagged with
 * its name (so it is reported like ours, with its severity), a throw is reported with its name, and
 * an async transformer is refused with a reason (pages are rendered synchronously, in any thread).
 */
export declare function namedPlugins(entries: MarkdownPluginEntry[] | undefined, kind: 'remark' | 'rehype'): PluggableList;
/**
 * The users' plugins as part of the Markdown cache key: each one's code and options, so that
 * changing either renders the pages again. '' without plugins (the key stays what it was). Only
 * the plugin function's own source is seen: a helper it imports is not (README "Extending").
 */
export declare function markdownPluginsKey(markdown: {
    remarkPlugins?: MarkdownPluginEntry[];
    rehypePlugins?: MarkdownPluginEntry[];
} | undefined): string;
