import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { usesFeature } from './features.js';
import { DEFAULT_LIMITS, type MarkdownLimits } from './limits.js';
import { isElement, SKIP, walk } from './walk.js';

type Mermaid = typeof import('beautiful-mermaid');

/**
 * beautiful-mermaid (with elkjs, 8 MB) takes a third of a second to load: only a page with a
 * diagram loads it. Its package exports ESM for `import` alone and the Markdown chain is
 * synchronous, so its file is required directly (Node 20.19+ loads ES modules with require).
 */
let mermaid: Mermaid | undefined;
function loadMermaid(): Mermaid {
  if (!mermaid) {
    const require = createRequire(import.meta.url);
    const file = require.resolve
      .paths('beautiful-mermaid')
      ?.map((dir) => path.join(dir, 'beautiful-mermaid/dist/index.js'))
      .find(existsSync);
    if (!file) throw new Error('Internal error: beautiful-mermaid is not installed (npm ci)');
    mermaid = require(file) as Mermaid;
  }
  return mermaid;
}

/** Diagram kinds rendered at build time (by the first word of the source), with their names for screen readers. */
const KINDS: Record<string, string> = {
  graph: 'Flowchart',
  flowchart: 'Flowchart',
  statediagram: 'State diagram',
  'statediagram-v2': 'State diagram',
  sequencediagram: 'Sequence diagram',
  classdiagram: 'Class diagram',
  erdiagram: 'Entity relationship diagram',
};

/** Mermaid's accessibility lines: `accTitle: ...`, `accDescr: ...` and `accDescr { ... }`. */
interface Accessible {
  source: string;
  title?: string;
  description?: string;
}

export function readAccessibility(text: string): Accessible {
  let title: string | undefined;
  let description: string | undefined;
  const source = text
    .replace(
      /^[ \t]*accDescr\s*\{([\s\S]*?)\}[ \t]*$/m,
      (_, d: string) => ((description = d.trim().replace(/\s+/g, ' ')), ''),
    )
    .replace(/^[ \t]*acc(Title|Descr)\s*:(.*)$/gm, (_, which: string, value: string) => {
      if (which === 'Title') title = value.trim();
      else description = value.trim();
      return '';
    });
  return { source, title, description };
}

/**
 * The diagram in words, for screen readers and search: one item a relation ("Trigger to Step 1:
 * on error"), in the order of the source. Flowcharts and state diagrams from the parsed graph,
 * sequence diagrams from their message lines; other kinds have no generated text.
 */
export function describeDiagram(kind: string, source: string, parse: Mermaid['parseMermaid']): string[] {
  if (kind === 'sequencediagram') return describeSequence(source);
  if (!['graph', 'flowchart', 'statediagram', 'statediagram-v2'].includes(kind)) return [];
  const graph = parse(source);
  const name = (id: string) => {
    const label = graph.nodes.get(id)?.label ?? id;
    return /^_?(start|end)\d*$/i.test(id) && !label.trim()
      ? id.replace(/\d+$/, '').replace(/^_/, '')
      : label.replace(/<br\s*\/?>/gi, ' ');
  };
  return graph.edges.map(
    (edge) =>
      `${name(edge.source)} to ${name(edge.target)}${edge.label ? `: ${edge.label.replace(/<br\s*\/?>/gi, ' ')}` : ''}`,
  );
}

const MESSAGE = /^([^\s:>-][^:>]*?)\s*(?:-{1,2}>>|-{1,2}>|-{1,2}[x)])\s*[+-]?\s*([^:]+?)\s*:\s*(.*)$/;

function describeSequence(source: string): string[] {
  const names = new Map<string, string>();
  const out: string[] = [];
  for (const raw of source.split('\n').slice(1)) {
    const line = raw.trim();
    const actor = /^(?:participant|actor)\s+(\S+?)(?:\s+as\s+(.+))?$/.exec(line);
    if (actor) names.set(actor[1], actor[2] ?? actor[1]);
    const name = (id: string) => names.get(id) ?? id;
    const message = MESSAGE.exec(line);
    if (message) out.push(`${name(message[1])} to ${name(message[2])}: ${message[3]}`);
    const note = /^Note\s+(?:left of|right of|over)\s+([^:]+):\s*(.+)$/i.exec(line);
    if (note)
      out.push(
        `Note (${note[1]
          .split(',')
          .map((n) => name(n.trim()))
          .join(', ')}): ${note[2]}`,
      );
    const block = /^(loop|alt|opt|par|critical|break|else)\b\s*(.*)$/.exec(line);
    if (block)
      out.push(
        `${{ loop: 'Repeated', alt: 'If', opt: 'Optionally', par: 'In parallel', critical: 'Critical', break: 'Stops', else: 'Otherwise' }[block[1]]}${block[2] ? ` (${block[2]})` : ''}:`,
      );
    if (line === 'end') out.push('End of block.');
  }
  return out;
}

/** How large a diagram may be before it is laid out (`limits.diagram*` of the configuration). */
export type DiagramLimits = Pick<MarkdownLimits, 'diagramNodes' | 'diagramEdges' | 'diagramBytes'>;

/** The first limit a diagram breaks, or null. Flowcharts and state diagrams are parsed (quick) for their counts; other kinds count their statements. */
export function overLimit(
  kind: string,
  source: string,
  limits: DiagramLimits,
  parse: Mermaid['parseMermaid'],
): { message: string; fix: string; limit: keyof DiagramLimits } | null {
  const bytes = Buffer.byteLength(source);
  if (bytes > limits.diagramBytes)
    return {
      message: `the diagram is ${bytes} bytes, over the limit of ${limits.diagramBytes}`,
      fix: 'split it into smaller diagrams',
      limit: 'diagramBytes',
    };
  if (['graph', 'flowchart', 'statediagram', 'statediagram-v2'].includes(kind)) {
    const graph = parse(source);
    if (graph.nodes.size > limits.diagramNodes)
      return {
        message: `the diagram has ${graph.nodes.size} nodes, over the limit of ${limits.diagramNodes}`,
        fix: 'split it into smaller diagrams',
        limit: 'diagramNodes',
      };
    if (graph.edges.length > limits.diagramEdges)
      return {
        message: `the diagram has ${graph.edges.length} edges, over the limit of ${limits.diagramEdges}`,
        fix: 'split it into smaller diagrams, or draw fewer links',
        limit: 'diagramEdges',
      };
    return null;
  }
  const statements = source.split('\n').filter((line) => line.trim() && !line.trim().startsWith('%%')).length - 1;
  if (statements > limits.diagramEdges)
    return {
      message: `the diagram has ${statements} statements, over the limit of ${limits.diagramEdges}`,
      fix: 'split it into smaller diagrams',
      limit: 'diagramEdges',
    };
  return null;
}

/**
 * Makes the SVG fit a page with a strict CSP and several diagrams: no `<style>` element or style
 * attribute (the colours and font come from the site's diagram stylesheet, which follows the
 * light and dark themes), ids prefixed per diagram, coordinates rounded to hundredths, and the
 * renderer's data attributes dropped (bytes nobody reads).
 */
export function cleanSvg(svg: string, prefix: string): string {
  return svg
    .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
    .replace(/\s(?:style|data-[\w-]+)="[^"]*"/g, '')
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(
      /="(-?[\d.]+(?:[ ,]+-?[\d.]+)*)"/g,
      (_, numbers: string) => `="${numbers.replace(/(\.\d\d)\d+/g, '$1').replace(/\.00?(?!\d)/g, '')}"`,
    )
    .replace(/<svg /, '<svg class="diagram-svg" aria-hidden="true" focusable="false" ')
    .replace(/>\s+</g, '><')
    .trim();
}

const text = (value: string): ElementContent => ({ type: 'text', value });
const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/**
 * ```` ```mermaid ```` fences become SVG diagrams at build time (beautiful-mermaid: no browser, no
 * client code). Each is a figure named for screen readers, with its text alternative beside the
 * image (`accDescr`, or the relations read from the source) and `accTitle` as a visible caption.
 * Runs before the highlighter, which would take the fence for an unknown language.
 */
export default function rehypeDiagrams(limits: Partial<DiagramLimits> = {}) {
  const bounds = { ...DEFAULT_LIMITS, ...limits };
  return (tree: Root, file: VFile) => {
    let count = 0;
    walk(tree, isElement, (node, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children[0];
      if (
        code?.type !== 'element' ||
        code.tagName !== 'code' ||
        !(code.properties.className as string[] | undefined)?.includes('language-mermaid')
      )
        return;
      const raw = code.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
      const { source, title, description } = readAccessibility(raw);
      const kind = source.trim().split(/\s/)[0]?.toLowerCase() ?? '';
      if (!KINDS[kind]) {
        const message = file.message(`unsupported or missing diagram type "${kind}"`, {
          place: node.position,
          ruleId: 'diagram',
        });
        message.note = `start the diagram with one of: flowchart LR (or TD), stateDiagram-v2, sequenceDiagram, classDiagram, erDiagram`;
        code.properties.className = ['language-text']; // reported once, here, not again as an unknown language
        return SKIP;
      }
      let svg: string;
      let relations: string[];
      try {
        const renderer = loadMermaid();
        const over = overLimit(kind, source, bounds, renderer.parseMermaid);
        if (over) {
          const message = file.message(over.message, { place: node.position, ruleId: 'diagram' });
          message.note = `${over.fix}, or raise \`limits.${over.limit}\` in docs.config.ts (the layout's time grows much faster than the diagram)`;
          code.properties.className = ['language-text'];
          return SKIP;
        }
        svg = cleanSvg(
          renderer.renderMermaidSVG(source, { bg: 'var(--bg)', fg: 'var(--text)', transparent: true }),
          `d${++count}-`,
        );
        relations = description ? [] : describeDiagram(kind, source, renderer.parseMermaid);
      } catch (error) {
        const message = file.message(`invalid diagram: ${(error as Error).message}`, {
          place: node.position,
          ruleId: 'diagram',
        });
        message.note = 'check the diagram against the Mermaid syntax';
        code.properties.className = ['language-text'];
        return SKIP;
      }
      const alternative: ElementContent[] = description
        ? [el('p', {}, [text(description)])]
        : relations.length
          ? [
              el(
                'ol',
                {},
                relations.map((r) => el('li', {}, [text(r)])),
              ),
            ]
          : [el('pre', {}, [text(source.trim())])];
      const figure = el('figure', { className: ['diagram'], ...(title ? {} : { ariaLabel: KINDS[kind] }) }, [
        { type: 'raw', value: svg } as unknown as ElementContent,
        el('div', { className: ['sr-only'] }, alternative),
        ...(title ? [el('figcaption', {}, [text(title)])] : []),
      ]);
      figure.position = node.position;
      parent.children[index] = figure;
      usesFeature(file, 'diagram');
      return SKIP;
    });
  };
}
