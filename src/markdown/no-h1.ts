import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { isHeading, walk } from './walk.js';

/** The layout renders the frontmatter title as the page's one `h1`; a second one is an error. */
export default function remarkNoH1() {
  return (tree: Root, file: VFile) => {
    walk(tree, isHeading, (heading) => {
      if (heading.depth !== 1) return;
      const message = file.message('a level 1 heading in the body: the page title is already the h1', {
        place: heading.position,
        ruleId: 'no-h1',
      });
      message.note = 'put the title in frontmatter `title:` and start sections with `##`';
    });
  };
}
