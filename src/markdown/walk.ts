import type { Element } from 'hast';
import type { Heading } from 'mdast';
import type { Node, Parent } from 'unist';

/** Returned by a `walk` callback: do not go into the children of the node (or what replaced it). */
export const SKIP = Symbol('skip');

/**
 * Calls `fn` for every node below `tree` that passes `test`, depth first in document order, with
 * its index and parent. The callback may replace or splice `parent.children`: return SKIP to not go
 * into what now stands at `index`, or an index to go on from (after a splice).
 * unist-util-visit does the same with a closure and an ancestors array per node; with ten passes
 * over each page, that was a fifth of the Markdown stage.
 */
export function walk<N extends Node>(
  tree: Node,
  test: (node: Node) => node is N,
  fn: (node: N, index: number, parent: Parent) => void | typeof SKIP | number,
): void {
  const children = (tree as Parent).children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (test(node)) {
      const result = fn(node, i, tree as Parent);
      if (result === SKIP) continue;
      if (typeof result === 'number') {
        i = result - 1;
        continue;
      }
    }
    walk(children[i], test, fn);
  }
}

export const isElement = (node: Node): node is Element => node.type === 'element';
export const isHeading = (node: Node): node is Heading => node.type === 'heading';
export const isAny = (_node: Node): _node is Node => true;
