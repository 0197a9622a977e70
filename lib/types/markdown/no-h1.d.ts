import type { Root } from 'mdast';
import type { VFile } from 'vfile';
/** The layout renders the frontmatter title as the page's one `h1`; a second one is an error. */
export default function remarkNoH1(): (tree: Root, file: VFile) => void;
