import { nameToEmoji } from 'gemoji';
import type { Root, Text } from 'mdast';
import { walk } from './walk.js';

const SHORTCODE = /:([a-z0-9_+-]+):/g;

/**
 * Emoji shortcodes, as VitePress (markdown-it-emoji) and GitHub read them: `:tada:` becomes 🎉. The names are
 * GitHub's (the gemoji package); a name it does not know stays as written, and code is never touched.
 * Runs after remarkCallouts, which gives back as text what remark-directive read as `:tada` directives.
 */
export default function remarkEmoji() {
  return (tree: Root) => {
    walk(
      tree,
      (node): node is Text => node.type === 'text',
      (node) => {
        if (!node.value.includes(':')) return;
        node.value = node.value.replace(SHORTCODE, (whole, name: string) =>
          Object.hasOwn(nameToEmoji, name) ? nameToEmoji[name] : whole,
        );
      },
    );
  };
}
