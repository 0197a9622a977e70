import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

/** The layout renders the frontmatter title as the page's one `h1`; a second one is an error. */
export default function remarkNoH1() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'heading', (heading) => {
      if (heading.depth !== 1) return;
      const message = file.message('a level 1 heading in the body: the page title is already the h1', { place: heading.position, ruleId: 'no-h1' });
      message.note = 'put the title in frontmatter `title:` and start sections with `##`';
    });
  };
}
