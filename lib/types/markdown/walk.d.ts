import type { Element } from 'hast';
import type { Heading } from 'mdast';
import type { Node, Parent } from 'unist';
/** Returned by a `walk` callback: do not go into the children of the node (or what replaced it). */
export declare const SKIP: unique symbol;
/**
 * Calls `fn` for every node below `tree` that passes `test`, depth first in document order, with
 * its index and parent. The callback may replace or splice `parent.children`: return SKIP to not go
 * into what now stands at `index`, or an index to go on from (after a splice).
 * unist-util-visit does the same with a closure and an ancestors array per node; with ten passes
 * over each page, that was a fifth of the Markdown stage.
 */
export declare function walk<N extends Node>(tree: Node, test: (node: Node) => node is N, fn: (node: N, index: number, parent: Parent) => void | typeof SKIP | number): void;
export declare const isElement: (node: Node) => node is Element;
export declare const isHeading: (node: Node) => node is Heading;
export declare const isAny: (_node: Node) => _node is Node;
