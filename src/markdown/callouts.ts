import type { Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';

export const CALLOUT_KINDS = { tip: 'Tip', info: 'Info', note: 'Note', warning: 'Warning', danger: 'Danger', details: 'Details' } as const;

interface DirectiveNode extends Parent {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined>;
  children: RootContent[];
  data?: Record<string, unknown>;
}

/**
 * `::: tip Title` ... `:::` becomes an `aside` callout (`details` becomes a disclosure).
 * remark-directive also reads `:word` in prose as a directive; those go back to plain text.
 */
export default function remarkCallouts() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      const d = node as unknown as DirectiveNode;
      if (d.type === 'textDirective' || d.type === 'leafDirective') {
        if (!parent || index === undefined) return;
        const colons = d.type === 'textDirective' ? ':' : '::';
        const label = d.children.length ? [{ type: 'text', value: '[' } as PhrasingContent, ...(d.children as PhrasingContent[]), { type: 'text', value: ']' } as PhrasingContent] : [];
        const restored: PhrasingContent[] = [{ type: 'text', value: `${colons}${d.name}` }, ...label];
        if (d.type === 'leafDirective') parent.children.splice(index, 1, { type: 'paragraph', children: restored } as Paragraph as never);
        else parent.children.splice(index, 1, ...(restored as never[]));
        return [SKIP, index];
      }
      if (d.type !== 'containerDirective') return;
      if (!Object.hasOwn(CALLOUT_KINDS, d.name)) {
        const message = file.message(`unknown callout "::: ${d.name}"`, { place: d.position, ruleId: 'callout' });
        message.note = `use one of: ${Object.keys(CALLOUT_KINDS).join(', ')}`;
        return;
      }
      const kind = d.name as keyof typeof CALLOUT_KINDS;
      let title: PhrasingContent[] = [{ type: 'text', value: CALLOUT_KINDS[kind] }];
      const first = d.children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
      if (first?.type === 'paragraph' && first.data?.directiveLabel) {
        title = first.children;
        d.children.shift();
      }
      const titleNode = { type: 'paragraph', children: title, data: { hName: kind === 'details' ? 'summary' : 'p', hProperties: { className: ['callout-title'] } } };
      d.children.unshift(titleNode as never);
      d.data = {
        hName: kind === 'details' ? 'details' : 'aside',
        hProperties: { className: ['callout', kind], ...(kind === 'details' ? {} : { 'aria-label': toText(title) }) },
      };
    });
  };
}

function toText(nodes: PhrasingContent[]): string {
  return nodes.map((n) => ('value' in n ? n.value : 'children' in n ? toText(n.children as PhrasingContent[]) : '')).join('');
}
