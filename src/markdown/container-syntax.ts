/**
 * Writers use VitePress's `::: tip Optional title`; remark-directive reads `:::tip[Optional title]`.
 * Rewrites the opening lines outside fenced code, keeping every line where it was.
 */
export function normalizeContainers(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fenceMatch) {
        if (fence === null) fence = fenceMatch[1];
        else if (fenceMatch[1].startsWith(fence) && line.trim() === fenceMatch[1]) fence = null;
        return line;
      }
      if (fence !== null) return line;
      const open = /^(\s*)(:{3,})\s*([a-z][\w-]*)\s*(.*?)\s*$/i.exec(line);
      if (!open) return line;
      const [, indent, colons, name, title] = open;
      return title ? `${indent}${colons}${name}[${title.replace(/[[\]]/g, '\\$&')}]` : `${indent}${colons}${name}`;
    })
    .join('\n');
}
