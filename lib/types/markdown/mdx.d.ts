import * as esbuild from 'esbuild';
import type { ComponentType } from 'react';
import { type Problems } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
/**
 * MDX pages (`.mdx`): Markdown with JSX components, compiled by @mdx-js/mdx with the same remark
 * and rehype plugins as `.md` pages (so links, headings, constants, search and code checks work
 * alike), then rendered once with React's renderToStaticMarkup, like the layout. Built-in
 * components are expanded into HTML at compile time (src/markdown/builtins.ts); the project's own
 * come from `mdx.components` in the configuration or from imports in the page, bundled by esbuild.
 */
export declare const isMdx: (relativePath: string) => boolean;
/** Loads the compiler when any of these pages is MDX; every thread that renders pages awaits this first. */
export declare function loadMdxCompiler(pages: {
    relativePath: string;
}[]): Promise<void>;
export declare function mdxCompiler(): typeof import('./mdx-compile.js');
/** Components as a page receives them: by the name the page writes. */
export type Components = Record<string, ComponentType<Record<string, unknown>>>;
/** The fix for any MDX syntax error: what trips writers coming from plain Markdown. */
export declare const MDX_SYNTAX_FIX = "MDX reads `<` as the start of a component and `{` as a JavaScript expression: write `\\<` and `\\{` for the characters, close every tag (`<br />`), or rename the page to .md";
/** A component's own failure, named and placed: React's message says neither. */
export declare class ComponentError extends Error {
    readonly component: string;
    readonly place: {
        line: number;
        column: number;
    } | undefined;
    readonly original: unknown;
    constructor(component: string, place: {
        line: number;
        column: number;
    } | undefined, original: unknown);
}
/** Runs a bundle from `bundleComponents` and keeps its exports that can be components. */
export declare function evaluateComponents(code: string): Components;
/**
 * Bundles component modules (TSX, JSX, TS or JS, with what they import) into one CommonJS module
 * whose exports are the components; React stays external so the page and its components share one.
 */
export declare function bundleComponents(contents: string, resolveDir: string, sourcefile: string): {
    code: string;
} | {
    errors: esbuild.Message[];
};
/**
 * An MDX page's imports of components (`import Chart from '../../components/Chart.tsx'`): taken
 * out of the body (the line stays, empty) and bundled, so the page compiles to a function without
 * imports and its cache key covers the components' code. Imports of Markdown are includes
 * (src/markdown/includes.ts) and are gone by now.
 */
export declare function prepareMdxImports(source: PageSource, problems: Problems): void;
/** `mdx.components` of the configuration, bundled and checked: a missing file or a compile error fails the build at once. */
export declare function loadConfigComponents(file: string, root: string, configFile: string): {
    file: string;
    code: string;
    names: string[];
    hash: string;
};
