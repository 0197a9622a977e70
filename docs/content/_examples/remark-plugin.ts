// plugins/remark-no-click-here.ts: warns about links whose whole text is "click here" or "here".
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

export default function remarkNoClickHere() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'link', (node) => {
      const words = node.children.map((c) => ('value' in c ? c.value : '')).join('').trim().toLowerCase();
      if (words === 'here' || words === 'click here')
        file.message('a link whose text is "here" says nothing out of context: name where it goes', node);
    });
  };
}
