import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { BUILTINS } from './builtins.js';
import { isAny, walk } from './walk.js';

interface JsxNode {
  type: string;
  name?: string | null;
  position?: { start: { line: number; column: number } };
}

/**
 * MDX pages only, after the built-ins are expanded: every component the page writes must be one
 * it can have (`file.data.mdxComponents`: the configuration's and the page's imports), reported at
 * compile time with its place rather than as MDX's runtime error. Records each component's first
 * use, where a component that throws while rendering is reported.
 */
export default function rehypeMdxComponents() {
  return (tree: Root, file: VFile) => {
    const known = new Set(file.data.mdxComponents ?? []);
    const uses: Record<string, { line: number; column: number }> = {};
    const reported = new Set<string>();
    walk(tree, isAny, (node) => {
      const jsx = node as JsxNode;
      if (
        (jsx.type !== 'mdxJsxFlowElement' && jsx.type !== 'mdxJsxTextElement') ||
        !jsx.name ||
        !/^[A-Z]/.test(jsx.name) ||
        jsx.name.includes('.')
      )
        return;
      if (jsx.position && !uses[jsx.name]) uses[jsx.name] = jsx.position.start;
      if (known.has(jsx.name) || reported.has(jsx.name)) return;
      reported.add(jsx.name);
      const message = file.message(`unknown component <${jsx.name}>`, {
        place: jsx.position as never,
        ruleId: 'mdx-component',
      });
      const names = [...BUILTINS, ...known].sort();
      message.note = `import it in the page (\`import ${jsx.name} from '../components/${jsx.name}.tsx'\`) or export it from the file named by \`mdx.components\` in docs.config.ts; available: ${names.join(', ')}`;
    });
    file.data.componentUses = uses;
  };
}
