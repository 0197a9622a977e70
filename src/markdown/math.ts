import { createRequire } from 'node:module';
import type { ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { sha1 } from '../incremental/hash.js';
import { usesFeature } from './features.js';
import { isElement, SKIP, walk } from './walk.js';

type Katex = typeof import('katex');

/** KaTeX loads on the first page with math (most builds have none). */
let katex: Katex | undefined;
const loadKatex = (): Katex => (katex ??= createRequire(import.meta.url)('katex') as Katex);

const classesOf = (node: { properties: Record<string, unknown> }) =>
  (node.properties.className as string[] | undefined) ?? [];

/**
 * Math rendered at build time with KaTeX: `$...$` and `$$...$$` (src/markdown/math-syntax.ts),
 * and ```` ```math ```` fences. The output is KaTeX's HTML with MathML beside it for screen
 * readers; the page gets the math stylesheet (and its fonts) through the `math` feature. An
 * invalid formula fails the build at its line. Runs before the highlighter, which would take a
 * `math` fence for an unknown language.
 */
export default function rehypeMath() {
  return (tree: Root, file: VFile) => {
    const rules = new Map<string, string>();
    walk(tree, isElement, (node, index, parent) => {
      let display: boolean;
      let target = node;
      if (
        node.tagName === 'pre' &&
        node.children[0]?.type === 'element' &&
        classesOf(node.children[0]).includes('language-math')
      ) {
        target = node.children[0];
        display = true;
      } else if (node.tagName === 'code' && classesOf(node).includes('language-math')) {
        display = classesOf(node).includes('math-display');
      } else {
        return;
      }
      const tex = target.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
      let html: string;
      try {
        html = loadKatex().renderToString(tex, {
          displayMode: display,
          throwOnError: true,
          output: 'htmlAndMathml',
          strict: 'ignore',
        });
      } catch (error) {
        const message = file.message(`invalid math: ${(error as Error).message.replace(/^KaTeX parse error: /, '')}`, {
          place: node.position,
          ruleId: 'math',
        });
        message.note = 'KaTeX supports most of LaTeX math; write a literal dollar as \\$';
        if (target !== node) target.properties.className = ['language-text']; // a fence: reported here, not as an unknown language
        return SKIP;
      }
      // The formula's TeX rides along: the section text (search) reads it, not KaTeX's markup.
      parent.children[index] = {
        type: 'raw',
        value: stylesToClasses(html, rules),
        data: { tex: tex.trim() },
      } as unknown as ElementContent;
      usesFeature(file, 'math');
      return SKIP;
    });
    if (rules.size)
      file.data.css =
        [...rules]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([name, style]) =>
              `.${name}{${style
                .replace(/;?$/, '')
                .split(';')
                .map((d) => `${d}!important`)
                .join(';')}}`,
          )
          .join('\n') + '\n';
  };
}

/**
 * KaTeX places glyphs with style attributes, which the content-security policy (`style-src 'self'`)
 * blocks: each distinct style becomes a class, its rule in the page's stylesheet
 * (src/pages/page-styles.ts). `!important` keeps the precedence an inline style had over KaTeX's CSS.
 */
export function stylesToClasses(html: string, rules: Map<string, string>): string {
  return html.replace(
    /<(\w+)([^>]*?) style="([^"]*)"([^>]*)>/g,
    (_, tag: string, before: string, style: string, after: string) => {
      const name = `k${sha1(style).slice(0, 6)}`;
      rules.set(name, style);
      const attributes = before + after;
      return /\bclass="/.test(attributes)
        ? `<${tag}${attributes.replace(/\bclass="([^"]*)"/, `class="$1 ${name}"`)}>`
        : `<${tag} class="${name}"${attributes}>`;
    },
  );
}
