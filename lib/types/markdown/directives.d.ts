import type { Parent, RootContent } from 'mdast';
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
export declare const COMPONENT_DIRECTIVES: Record<string, string>;
interface ContainerDirective extends Parent {
    name: string;
    children: RootContent[];
    data?: Record<string, unknown>;
}
/** Marks a `:::` container that names a built-in component; false when it names none. */
export declare function componentDirective(d: ContainerDirective, file: VFile): boolean;
export {};
