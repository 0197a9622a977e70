import type { Root } from 'hast';
import type { VFile } from 'vfile';
type Mermaid = typeof import('beautiful-mermaid');
/** Mermaid's accessibility lines: `accTitle: ...`, `accDescr: ...` and `accDescr { ... }`. */
interface Accessible {
    source: string;
    title?: string;
    description?: string;
}
export declare function readAccessibility(text: string): Accessible;
/**
 * The diagram in words, for screen readers and search: one item a relation ("Trigger to Step 1:
 * on error"), in the order of the source. Flowcharts and state diagrams from the parsed graph,
 * sequence diagrams from their message lines; other kinds have no generated text.
 */
export declare function describeDiagram(kind: string, source: string, parse: Mermaid['parseMermaid']): string[];
/**
 * Makes the SVG fit a page with a strict CSP and several diagrams: no `<style>` element or style
 * attribute (the colours and font come from the site's diagram stylesheet, which follows the
 * light and dark themes), ids prefixed per diagram, coordinates rounded to hundredths, and the
 * renderer's data attributes dropped (bytes nobody reads).
 */
export declare function cleanSvg(svg: string, prefix: string): string;
/**
 * ```` ```mermaid ```` fences become SVG diagrams at build time (beautiful-mermaid: no browser, no
 * client code). Each is a figure named for screen readers, with its text alternative beside the
 * image (`accDescr`, or the relations read from the source) and `accTitle` as a visible caption.
 * Runs before the highlighter, which would take the fence for an unknown language.
 */
export default function rehypeDiagrams(): (tree: Root, file: VFile) => void;
export {};
