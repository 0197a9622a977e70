import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { type HighlighterName } from './highlight.js';
export interface CodeOptions {
    /** highlight.js grammars (lowlight) or VS Code's (Shiki). @default 'lowlight' */
    highlighter?: HighlighterName;
    /** Number the lines of every block (a block's `:line-numbers` or `:no-line-numbers` wins). @default false */
    lineNumbers?: boolean;
}
export interface CodeMeta {
    title?: string;
    highlight: Set<number>;
    /** `:line-numbers` (true), `:no-line-numbers` (false), or neither. */
    lineNumbers?: boolean;
}
/** Reads `title="index.js" {1,3-5} :line-numbers` (VitePress also glues `{1,3}` and `:line-numbers` to the language). */
export declare function parseMeta(meta: string): CodeMeta;
/**
 * Highlights fenced code at build time, reads line notations, and wraps the block with a header
 * (title, language, copy button). The browser gets classes only: no highlighter ships to the client.
 */
export default function rehypeCode(options?: CodeOptions): (tree: Root, file: VFile) => void;
