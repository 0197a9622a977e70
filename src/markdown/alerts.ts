import type { Blockquote, Root, Text } from 'mdast';
import { walk } from './walk.js';

/** GitHub's alert names and the callout each becomes (src/markdown/callouts.ts), with its title. */
const ALERTS: Record<string, { kind: string; title: string }> = {
  NOTE: { kind: 'note', title: 'Note' },
  TIP: { kind: 'tip', title: 'Tip' },
  IMPORTANT: { kind: 'info', title: 'Important' },
  WARNING: { kind: 'warning', title: 'Warning' },
  CAUTION: { kind: 'danger', title: 'Caution' },
};

/** `[!NOTE]`, or `[!NOTE] Custom title` (as VitePress reads it). */
const MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*([^\n]*?)[ \t]*(?:\n|$)/i;

/**
 * GitHub-style alerts: a quote whose first line is `[!NOTE]` (or TIP, IMPORTANT, WARNING,
 * CAUTION) becomes the matching callout, so a README's alerts read the same on the site.
 */
export default function remarkAlerts() {
  return (tree: Root) => {
    walk(
      tree,
      (node): node is Blockquote => node.type === 'blockquote',
      (quote) => {
        const first = quote.children[0];
        const head = first?.type === 'paragraph' ? (first.children[0] as Text | undefined) : undefined;
        const match = head?.type === 'text' ? MARKER.exec(head.value) : null;
        if (!match || !head || first.type !== 'paragraph') return;
        const alert = ALERTS[match[1].toUpperCase()];
        head.value = head.value.slice(match[0].length);
        if (!head.value) first.children.shift();
        if (first.children[0]?.type === 'break') first.children.shift();
        if (!first.children.length) quote.children.shift();
        const title = {
          type: 'paragraph',
          children: [{ type: 'text', value: match[2] || alert.title }],
          data: { hName: 'p', hProperties: { className: ['callout-title'] } },
        };
        quote.children.unshift(title as never);
        quote.data = {
          ...quote.data,
          hName: 'aside',
          hProperties: { className: ['callout', alert.kind], ariaLabel: match[2] || alert.title },
        } as never;
      },
    );
  };
}
