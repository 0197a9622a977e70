import { createProcessor as createMdxProcessor, runSync } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { PluggableList, Processor } from 'unified';
import type { VFile } from 'vfile';
import { ComponentError, type Components } from './mdx.js';
import rehypeMdxComponents from './mdx-components.js';

/** The MDX compiler and renderer (loaded on demand by src/markdown/mdx.ts `loadMdxCompiler`). */

/**
 * The MDX processor: the Markdown chain's own plugins (whatever `createProcessor` lists, so a
 * plugin added there applies to both), with MDX's parser and JavaScript output around them.
 */
export function mdxProcessorFrom(markdown: Processor): Processor {
  const remark: PluggableList = [];
  const rehype: PluggableList = [];
  let afterRehype = false;
  for (const [plugin, ...options] of (markdown as unknown as { attachers: [unknown, ...unknown[]][] }).attachers) {
    if (plugin === remarkParse || plugin === rehypeStringify) continue;
    if (plugin === remarkRehype) {
      afterRehype = true;
      continue;
    }
    (afterRehype ? rehype : remark).push([plugin, ...options] as never);
  }
  return createMdxProcessor({
    outputFormat: 'function-body',
    remarkPlugins: remark,
    rehypePlugins: [...rehype, rehypeMdxComponents],
    development: false,
  }) as unknown as Processor;
}

/**
 * Compiles and renders one MDX page. `file.data.mdxComponents` lists the names the page may use
 * (checked at compile time); a component that throws is reported at its first use.
 */
export function renderMdx(processor: Processor, file: VFile, components: Components): string {
  const code = String(processor.processSync(file));
  if (file.messages.some((m) => m.ruleId === 'mdx-component')) return ''; // reported with its place; rendering would only fail again
  const { default: Content } = runSync(code, { ...runtime, baseUrl: import.meta.url }) as {
    default: ComponentType<{ components: Components }>;
  };
  const uses = file.data.componentUses ?? {};
  const guarded: Components = {};
  for (const [name, component] of Object.entries(components)) guarded[name] = guard(name, component, uses[name]);
  return renderToStaticMarkup(createElement(Content, { components: guarded }));
}

function guard(
  name: string,
  component: ComponentType<Record<string, unknown>>,
  place: { line: number; column: number } | undefined,
): ComponentType<Record<string, unknown>> {
  const isClass =
    typeof component === 'function' &&
    (component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent;
  const Guarded = (props: Record<string, unknown>) => {
    try {
      // A function component is called here, so its own throw is caught with its name (hooks run as ours).
      return typeof component === 'function' && !isClass
        ? (component as (p: Record<string, unknown>) => ReturnType<typeof createElement>)(props)
        : createElement(component, props);
    } catch (error) {
      if (error instanceof ComponentError) throw error;
      throw new ComponentError(name, place, error);
    }
  };
  Guarded.displayName = name;
  return Guarded;
}
