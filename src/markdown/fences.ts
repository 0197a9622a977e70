/**
 * Which lines of Markdown text are fenced code, for the line scans that run before or beside the parser (containers,
 * includes, MDX imports and component names, migrations) and must leave code as it is written. A fence is three or
 * more backticks or tildes; it closes at a line of the opening's character, at least as long, with nothing after it.
 */
const FENCE_ANY_INDENT = /^\s*(`{3,}|~{3,})/;
const FENCE_TOP_LEVEL = /^ {0,3}(`{3,}|~{3,})/;

/**
 * For each line, whether it is fenced code (the fences included). `opening`: 'indented' takes a fence at any
 * indentation (one in a list item: the scans that rewrite text keep such code whole), 'top-level' only where
 * CommonMark takes one outside a list (up to three spaces: the MDX import scans, as MDX reads its imports).
 */
export function fencedLines(lines: readonly string[], opening: 'indented' | 'top-level' = 'indented'): boolean[] {
  const pattern = opening === 'indented' ? FENCE_ANY_INDENT : FENCE_TOP_LEVEL;
  let fence: string | undefined;
  return lines.map((line) => {
    const marker = pattern.exec(line)?.[1];
    if (fence === undefined) {
      fence = marker;
      return marker !== undefined;
    }
    if (marker?.startsWith(fence) && line.trim() === marker) fence = undefined;
    return true;
  });
}
