import type { Paragraph, Parent, RootContent, Text } from 'mdast';
import type { VFile } from 'vfile';

/**
 * The Markdown forms of the built-in components, in `.md` pages:
 *
 *   ::: code-group     consecutive code blocks as tabs, labelled by their titles (as in VitePress)
 *   ::: tabs key=os    tabs; each starts with a line `== Label`; `key` synchronises groups
 *   ::: steps          an ordered list shown as steps
 *   ::: cards          a list of links ("- [Title](page.md) what it covers") shown as link cards
 *   ::: file-tree      a nested list of files and folders
 *
 * Each becomes a marker element (`data-component`) that src/markdown/builtins.ts expands, so a
 * `.md` page and an `.mdx` page using `<Tabs>` get the same HTML.
 */
export const COMPONENT_DIRECTIVES: Record<string, string> = {
  'code-group': 'CodeGroup',
  tabs: 'Tabs',
  steps: 'Steps',
  cards: 'CardGrid',
  'file-tree': 'FileTree',
};

interface ContainerDirective extends Parent {
  name: string;
  children: RootContent[];
  data?: Record<string, unknown>;
}

/** Marks a `:::` container that names a built-in component; false when it names none. */
export function componentDirective(d: ContainerDirective, file: VFile): boolean {
  const component = COMPONENT_DIRECTIVES[d.name];
  if (!component) return false;
  const props: Record<string, string> = {};
  const first = d.children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
  if (first?.type === 'paragraph' && first.data?.directiveLabel) {
    d.children.shift();
    const label = first.children.map((c) => ('value' in c ? c.value : '')).join('');
    for (const [, key, value] of label.matchAll(/(\w+)=("[^"]*"|\S+)/g))
      props[key === 'key' ? 'syncKey' : key] = value.replace(/^"|"$/g, '');
  }
  if (component === 'Tabs') d.children = splitTabs(d, file);
  d.data = { hName: 'div', hProperties: { dataComponent: component, dataProps: JSON.stringify(props) } };
  return true;
}

/** `== Label` lines start tabs: the content up to the next one goes into a TabItem marker. */
function splitTabs(d: ContainerDirective, file: VFile): RootContent[] {
  const items: Parent[] = [];
  for (const child of d.children) {
    const label = child.type === 'paragraph' ? takeLabel(child) : null;
    if (label !== null) {
      items.push({
        type: 'tab',
        children: (child as Paragraph).children.length ? [child] : [],
        data: { hName: 'div', hProperties: { dataComponent: 'TabItem', dataProps: JSON.stringify({ label }) } },
        position: child.position,
      } as unknown as Parent);
      continue;
    }
    if (!items.length) {
      const message = file.message('content before the first tab of "::: tabs"', {
        place: child.position,
        ruleId: 'component',
      });
      message.note = 'start each tab with a line `== Label` (a blank line before it), the first right after `::: tabs`';
      continue;
    }
    items[items.length - 1].children.push(child);
  }
  return items as unknown as RootContent[];
}

/** The label of a paragraph that starts with `== Label` (removing that line), or null. */
function takeLabel(paragraph: Paragraph): string | null {
  const head = paragraph.children[0] as Text | undefined;
  const match = head?.type === 'text' ? /^==\s+(.+?)\s*(?:\n|$)/.exec(head.value) : null;
  if (!head || !match) return null;
  head.value = head.value.slice(match[0].length);
  if (!head.value) paragraph.children.shift();
  return match[1];
}
