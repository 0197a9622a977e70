import type { Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { COMPONENT_DIRECTIVES, componentDirective } from './directives.js';
import { isAny, walk } from './walk.js';

export const CALLOUT_KINDS = {
  tip: 'Tip',
  info: 'Info',
  note: 'Note',
  warning: 'Warning',
  danger: 'Danger',
  details: 'Details',
  // Docusaurus's and Starlight's names: styled as the nearest of ours (CALLOUT_STYLES).
  caution: 'Caution',
  important: 'Important',
} as const;

/** The class of ours a peer's callout kind is styled with, beside its own. */
export const CALLOUT_STYLES: Partial<Record<keyof typeof CALLOUT_KINDS, string>> = {
  caution: 'warning',
  important: 'info',
};

/** A callout's classes: `callout`, its style, and its own kind where that differs. */
export function calloutClasses(kind: keyof typeof CALLOUT_KINDS): string[] {
  const style = CALLOUT_STYLES[kind];
  return style ? ['callout', style, kind] : ['callout', kind];
}

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
    const source = String(file.value);
    const restoredIn = new Set<Parent>();
    walk(tree, isAny, (node, index, parent) => {
      const d = node as unknown as DirectiveNode;
      if (d.type === 'textDirective' || d.type === 'leafDirective') {
        if (!parent || index === undefined) return;
        // Exactly as written ("a:hover{color:red}", "localhost:4173"), so nothing is lost.
        const start = d.position?.start.offset;
        const end = d.position?.end.offset;
        let restored: PhrasingContent[];
        if (start !== undefined && end !== undefined) restored = [{ type: 'text', value: source.slice(start, end) }];
        else {
          const colons = d.type === 'textDirective' ? ':' : '::';
          const label = d.children.length
            ? [
                { type: 'text', value: '[' } as PhrasingContent,
                ...(d.children as PhrasingContent[]),
                { type: 'text', value: ']' } as PhrasingContent,
              ]
            : [];
          restored = [{ type: 'text', value: `${colons}${d.name}` }, ...label];
        }
        if (d.type === 'leafDirective')
          parent.children.splice(index, 1, { type: 'paragraph', children: restored } as Paragraph as never);
        else {
          parent.children.splice(index, 1, ...(restored as never[]));
          restoredIn.add(parent as Parent);
        }
        return index; // go on with what was put in its place
      }
      if (d.type !== 'containerDirective') return;
      if (!isClosed(source, d)) {
        const message = file.message(`callout "::: ${d.name}" is not closed`, {
          place: d.position?.start,
          ruleId: 'callout',
        });
        message.note = 'add a line `:::` where the callout ends (it runs to the end of the page otherwise)';
      }
      if (componentDirective(d, file)) return; // ::: tabs, ::: code-group, ...
      if (!Object.hasOwn(CALLOUT_KINDS, d.name)) {
        const message = file.message(`unknown callout "::: ${d.name}"`, { place: d.position, ruleId: 'callout' });
        message.note = `use one of: ${[...Object.keys(CALLOUT_KINDS), ...Object.keys(COMPONENT_DIRECTIVES)].join(', ')}`;
        return;
      }
      const kind = d.name as keyof typeof CALLOUT_KINDS;
      let title: PhrasingContent[] = [{ type: 'text', value: CALLOUT_KINDS[kind] }];
      const first = d.children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
      if (first?.type === 'paragraph' && first.data?.directiveLabel) {
        title = first.children;
        d.children.shift();
      }
      const titleNode = {
        type: 'paragraph',
        children: title,
        data: { hName: kind === 'details' ? 'summary' : 'p', hProperties: { className: ['callout-title'] } },
      };
      d.children.unshift(titleNode as never);
      // `::: details Title {open}`: open from the start.
      const open = kind === 'details' && d.attributes != null && 'open' in d.attributes;
      d.data = {
        hName: kind === 'details' ? 'details' : 'aside',
        hProperties: {
          className: calloutClasses(kind),
          ...(kind === 'details' ? (open ? { open: true } : {}) : { 'aria-label': toText(title) }),
        },
      };
    });
    restoredIn.forEach(mergeText);
  };
}

/** One text node where restored directives left several, so later passes (bare URLs) see whole runs of text. */
function mergeText(parent: Parent): void {
  const out: RootContent[] = [];
  for (const child of parent.children) {
    const last = out[out.length - 1];
    if (child.type === 'text' && last?.type === 'text')
      out[out.length - 1] = { ...last, value: last.value + child.value, position: undefined };
    else out.push(child);
  }
  parent.children = out;
}

/** A container runs to the end of the page unless a line of at least as many colons closes it. */
function isClosed(source: string, d: DirectiveNode): boolean {
  const start = d.position?.start.offset;
  const end = d.position?.end.offset;
  if (start === undefined || end === undefined || source.slice(end).trim()) return true;
  const opening = /^\s*(:+)/.exec(source.slice(start))?.[1].length ?? 3;
  const lastLine = source.slice(source.lastIndexOf('\n', end - 1) + 1, end);
  const closing = /^\s*(:{3,})\s*$/.exec(lastLine);
  return closing !== null && closing[1].length >= opening && end - lastLine.length > start;
}

function toText(nodes: PhrasingContent[]): string {
  return nodes
    .map((n) => ('value' in n ? n.value : 'children' in n ? toText(n.children as PhrasingContent[]) : ''))
    .join('');
}
