import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { calloutClasses, CALLOUT_KINDS } from './callouts.js';
import { parseMeta, splitLang } from './code.js';
import { isAny, walk } from './walk.js';

/**
 * The built-in components: Tabs (TabItem), CodeGroup, Steps, Card, LinkCard, CardGrid, Badge,
 * FileTree and Aside (or Callout). They are expanded into plain HTML here, at compile time, for
 * `.mdx` pages (`<Tabs>`) and for their Markdown forms in `.md` pages (`::: tabs`, marked by
 * src/markdown/directives.ts), so the plugins after this one (code highlighting, links and their
 * checks, headings, search text) see their content like any other, and no React runs for them.
 * Runs after rehypeHeadingSlugs (headings inside keep their ids) and before the code highlighter (a code
 * group reads the blocks' titles).
 */
export const BUILTINS = [
  'Tabs',
  'TabItem',
  'CodeGroup',
  'Steps',
  'Card',
  'LinkCard',
  'CardGrid',
  'Badge',
  'FileTree',
  'Aside',
  'Callout',
] as const;
type Builtin = (typeof BUILTINS)[number];

/** The variants a badge may have (its colour). */
export const BADGE_VARIANTS = ['note', 'tip', 'info', 'success', 'warning', 'caution', 'danger'] as const;

/** A component use, from MDX JSX or from a Markdown directive. */
interface Use {
  name: Builtin;
  props: Record<string, string | boolean | number>;
  children: ElementContent[];
  position: Element['position'];
}

interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: string | null | { value: string } }[];
  children: ElementContent[];
  position?: Element['position'];
}

const isBuiltin = (name: unknown): name is Builtin =>
  typeof name === 'string' && (BUILTINS as readonly string[]).includes(name);

export default function rehypeBuiltins(options: { strictCodeGroups?: boolean } = {}) {
  return (tree: Root, file: VFile) => {
    const report = (use: { position?: Element['position'] }, reason: string, fix: string) => {
      const message = file.message(reason, { place: use.position, ruleId: 'component' });
      message.note = fix;
    };
    const expand = (use: Use): ElementContent | null => {
      switch (use.name) {
        case 'Tabs':
        case 'CodeGroup': {
          const items = use.name === 'Tabs' ? tabItems(use, report) : codeItems(use, report, options.strictCodeGroups);
          if (!items.length) return null;
          return tabs(
            items,
            use.name === 'CodeGroup',
            String(use.props.syncKey ?? use.props.groupId ?? ''),
            String(use.props.label ?? ''),
          );
        }
        case 'TabItem':
          report(use, '<TabItem> outside <Tabs>', 'put each <TabItem label="..."> directly inside a <Tabs>');
          return null;
        case 'Steps': {
          const list = use.children.find((c): c is Element => c.type === 'element' && c.tagName === 'ol');
          if (!list) {
            report(
              use,
              '<Steps> needs an ordered list',
              'write the steps as a numbered list ("1. Install ...") inside <Steps> or `::: steps`',
            );
            return null;
          }
          return el('ol', { ...list.properties, className: ['steps'] }, list.children);
        }
        case 'Card':
          return el('div', { className: ['card'] }, [
            ...(use.props.title ? [el('p', { className: ['card-title'] }, [text(String(use.props.title))])] : []),
            ...use.children,
          ]);
        case 'LinkCard': {
          if (typeof use.props.href !== 'string' || typeof use.props.title !== 'string') {
            report(
              use,
              '<LinkCard> needs `title` and `href`',
              'for example <LinkCard title="Quickstart" href="../quickstart/index.md" description="Build a first workflow" />',
            );
            return null;
          }
          return linkCard(
            use.props.title,
            use.props.href,
            use.props.description ? [text(String(use.props.description))] : [],
          );
        }
        case 'CardGrid': {
          // `::: cards` holds a list of links: each item becomes a link card (a list stays a list for screen readers).
          const list = use.children.find(
            (c): c is Element => c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol'),
          );
          if (!list) return el('div', { className: ['card-grid'] }, use.children);
          const cards = list.children
            .filter((c): c is Element => c.type === 'element' && c.tagName === 'li')
            .map((item) => cardFromItem(item, use, report));
          return el(
            'ul',
            { className: ['card-grid'] },
            cards.map((card) => el('li', {}, card ? [card] : [])),
          );
        }
        case 'Badge': {
          // Starlight's `default` colour is our `note`.
          const variant = String(use.props.variant ?? use.props.type ?? 'note').replace(/^default$/, 'note');
          if (!(BADGE_VARIANTS as readonly string[]).includes(variant))
            report(use, `unknown badge variant "${variant}"`, `use one of: ${BADGE_VARIANTS.join(', ')}`);
          const content = use.props.text !== undefined ? [text(String(use.props.text))] : use.children;
          return el('span', { className: ['badge', `badge-${variant}`] }, content);
        }
        case 'FileTree': {
          const list = use.children.find((c): c is Element => c.type === 'element' && c.tagName === 'ul');
          if (!list) {
            report(
              use,
              '<FileTree> needs a bulleted list',
              'write one item a file or folder ("- src/" with its files indented below it)',
            );
            return null;
          }
          markFolders(list);
          return el('div', { className: ['file-tree'] }, [list]);
        }
        case 'Aside':
        case 'Callout': {
          const kind = String(use.props.type ?? use.props.variant ?? 'note');
          if (!Object.hasOwn(CALLOUT_KINDS, kind)) {
            report(use, `unknown callout type "${kind}"`, `use one of: ${Object.keys(CALLOUT_KINDS).join(', ')}`);
            return null;
          }
          const title = String(use.props.title ?? CALLOUT_KINDS[kind as keyof typeof CALLOUT_KINDS]);
          const details = kind === 'details';
          return el(
            details ? 'details' : 'aside',
            { className: calloutClasses(kind as keyof typeof CALLOUT_KINDS), ...(details ? {} : { ariaLabel: title }) },
            [el(details ? 'summary' : 'p', { className: ['callout-title'] }, [text(title)]), ...use.children],
          );
        }
      }
    };
    // A component the page imports (or `mdx.components` exports) under a built-in's name is the project's own.
    const own = new Set(file.data.mdxComponents ?? []);
    walk(tree, isAny, (node, index, parent) => {
      const use = useOf(node as RootContent, own, report);
      if (!use) return;
      const out = expand(use);
      if (out) {
        out.position = use.position;
        parent.children[index] = out as never;
        return index; // expanded content may hold more components
      }
      parent.children.splice(index, 1);
      return index;
    });
  };
}

/** Inside a built-in, its items (`<TabItem>`) are always the built-in's. */
const NONE = new Set<string>();

type Report = (use: { position?: Element['position'] }, reason: string, fix: string) => void;

/** A built-in component use, from `<Name ...>` in MDX or from a directive's marker element. */
function useOf(node: RootContent, own: Set<string>, report: Report): Use | null {
  if (
    node.type === 'element' &&
    typeof node.properties.dataComponent === 'string' &&
    isBuiltin(node.properties.dataComponent)
  ) {
    const props = JSON.parse(String(node.properties.dataProps ?? '{}')) as Use['props'];
    return { name: node.properties.dataComponent, props, children: node.children, position: node.position };
  }
  const jsx = node as unknown as JsxNode;
  if (
    (jsx.type !== 'mdxJsxFlowElement' && jsx.type !== 'mdxJsxTextElement') ||
    !isBuiltin(jsx.name) ||
    own.has(jsx.name)
  )
    return null;
  const props: Use['props'] = {};
  for (const attribute of jsx.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue;
    const value = attribute.value;
    if (value === null || value === undefined) props[attribute.name] = true;
    else if (typeof value === 'string') props[attribute.name] = value;
    else {
      // `{2}`, `{true}`, `{"x"}`: literals only, since built-ins are expanded before any code runs.
      try {
        props[attribute.name] = JSON.parse(value.value) as string | number | boolean;
      } catch {
        report(
          jsx,
          `<${jsx.name} ${attribute.name}={...}> must be a literal`,
          `write ${attribute.name}="text" (built-in components are expanded at build time, before any expression runs)`,
        );
      }
    }
  }
  return { name: jsx.name, props, children: jsx.children, position: jsx.position };
}

interface TabItem {
  label: string;
  children: ElementContent[];
  /** Docusaurus's `default`: the tab shown first. */
  default?: boolean;
}

function tabItems(use: Use, report: Report): TabItem[] {
  const items: TabItem[] = [];
  // `<Tabs><TabItem ...>` written on one line is a paragraph of inline elements: its children count.
  const children = use.children.flatMap((c) =>
    c.type === 'element' && c.tagName === 'p' && c.children.some((n) => (n as unknown as JsxNode).name === 'TabItem')
      ? c.children
      : [c],
  );
  for (const child of children) {
    if (child.type === 'text' && !child.value.trim()) continue;
    const jsx = child as unknown as JsxNode;
    const inner =
      (jsx.type === 'mdxJsxFlowElement' || jsx.type === 'mdxJsxTextElement') && jsx.name === 'TabItem'
        ? useOf(child, NONE, report)
        : child.type === 'element' && child.properties.dataComponent === 'TabItem'
          ? useOf(child, NONE, report)
          : null;
    // Docusaurus names a tab by `value` and shows `label` (the value when there is none).
    if (inner && typeof inner.props.label !== 'string' && typeof inner.props.value === 'string')
      inner.props.label = inner.props.value;
    if (!inner || typeof inner.props.label !== 'string') {
      report(
        jsx.position ? jsx : use,
        '<Tabs> may hold only <TabItem label="..."> elements',
        'wrap each tab\'s content in <TabItem label="Its name">, or in .md start each tab with a line `== Its name`',
      );
      continue;
    }
    items.push({ label: inner.props.label, children: inner.children, default: inner.props.default === true });
  }
  return items;
}

/** A code group's tabs: one a code block, labelled by its title (else its language, or with `strict.codeGroupTitles`, an error). */
function codeItems(use: Use, report: Report, strict = false): TabItem[] {
  const items: TabItem[] = [];
  for (const child of use.children) {
    if (child.type === 'text' && !child.value.trim()) continue;
    const code = child.type === 'element' && child.tagName === 'pre' ? child.children[0] : undefined;
    if (!code || code.type !== 'element') {
      report(
        use,
        'a code group holds only code blocks',
        'move the text out of the group, or use tabs (`::: tabs`) for mixed content',
      );
      continue;
    }
    const info = ((code.properties.className as string[] | undefined) ?? [])
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length);
    const { lang, meta: metaText } = splitLang(
      info ?? '',
      String((code.data as { meta?: string } | undefined)?.meta ?? ''),
    );
    const meta = parseMeta(metaText);
    if (!meta.title && strict)
      report(
        { position: child.position },
        'a code block in a code group has no title',
        'give each block the label of its tab: ```js [Node.js] or ```js title="Node.js"',
      );
    const label = meta.title ?? (lang || `Tab ${items.length + 1}`);
    // The tab's label is the block's title, shown in its header, where the browser reads it.
    if (!meta.title) code.data = { ...code.data, meta: `${metaText} title="${label.replace(/"/g, '')}"` } as never;
    items.push({ label, children: [child] });
  }
  return items;
}

/**
 * Every panel is in the HTML, each headed by its label: that is what readers without JavaScript,
 * search and paper get. The browser (client/tabs.ts) adds the tab list and the ARIA tabs roles
 * from the labels, so no page carries controls that do nothing without JavaScript, and the
 * largest pages (the REST reference: a code group an operation) stay within their weight budget.
 * Once the page's JavaScript runs (`html.js`), CSS shows only the first panel until then.
 */
function tabs(items: TabItem[], code: boolean, syncKey: string, label: string): Element {
  const first = Math.max(
    0,
    items.findIndex((item) => item.default),
  );
  // A code group's panels are its code blocks, labelled by their titles (in the blocks' headers).
  const panels = code
    ? items.flatMap((item) => item.children)
    : items.map((item, i) =>
        el('div', { className: i === first ? ['tab-panel', 'active'] : ['tab-panel'] }, [
          el('p', { className: ['tab-label'] }, [text(item.label)]),
          ...item.children,
        ]),
      );
  return el(
    'div',
    {
      className: code ? ['tabs', 'code-group'] : ['tabs'],
      ...(syncKey ? { dataSyncKey: syncKey } : {}),
      ...(label ? { dataLabel: label } : {}),
    },
    panels,
  );
}

export function linkCard(title: string, href: string, description: ElementContent[]): Element {
  return el('a', { className: ['card', 'link-card'], href }, [
    el('span', { className: ['card-title'] }, [text(title)]),
    ...(description.length ? [el('span', { className: ['card-description'] }, description)] : []),
  ]);
}

/** "- [Title](page.md) what it covers": the link is the card, the rest of the item its description. */
function cardFromItem(item: Element, use: Use, report: Report): Element | null {
  const links: Element[] = [];
  walk(
    item,
    (n): n is Element => n.type === 'element' && (n as Element).tagName === 'a',
    (a) => void links.push(a),
  );
  const link = links[0];
  if (links.length !== 1) {
    report(
      { position: item.position },
      `an item of "::: cards" has ${links.length ? 'more than one link' : 'no link'}`,
      'write each item as "- [Title](page.md) one line on what it covers": the link is the card',
    );
    if (!link) return null;
  }
  const title = toString(link).trim();
  const description = toString(item)
    .replace(title, '')
    .replace(/^\s*[:\u2013\u2014-]?\s*/, '')
    .trim();
  const card = linkCard(title, String(link.properties.href ?? ''), description ? [text(description)] : []);
  card.position = link.position; // a broken link is reported on its own line
  return card;
}

/** Items with a nested list, or whose name ends with "/", are folders. */
function markFolders(list: Element): void {
  for (const item of list.children) {
    if (item.type !== 'element' || item.tagName !== 'li') continue;
    const nested = item.children.find((c): c is Element => c.type === 'element' && c.tagName === 'ul');
    if (nested) markFolders(nested);
    const name = toString({ ...item, children: item.children.filter((c) => c !== nested) }).trim();
    item.properties.className = nested || /\/(\s|$)/.test(name) ? ['folder'] : ['file'];
  }
}

function el(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}
