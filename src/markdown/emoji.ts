import { createRequire } from 'node:module';
import type { Root, Text } from 'mdast';
import { walk } from './walk.js';

const requireHere = createRequire(import.meta.url);
let names: Record<string, string> | undefined;

/**
 * The emoji GitHub names `name` (gemoji's list), or undefined. The list is loaded at the first shortcode, not with
 * the module: most sites write none, and each page worker would compile its 60 KB on every start.
 */
export function emojiNamed(name: string): string | undefined {
  names ??= (requireHere('gemoji') as typeof import('gemoji')).nameToEmoji;
  return Object.hasOwn(names, name) ? names[name] : undefined;
}

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
        node.value = node.value.replace(SHORTCODE, (whole, name: string) => emojiNamed(name) ?? whole);
      },
    );
  };
}
