/**
 * Writers use VitePress's `::: tip Optional title` (and `::: details Title {open}`); remark-directive reads
 * `:::tip[Optional title]`, which Docusaurus and Starlight write, and `{open}` attributes after it. Rewrites the
 * opening lines outside fenced code, keeping every line where it was. In MDX, a heading's `{#id}` (Docusaurus) would
 * be read as an expression: it is escaped, so src/markdown/heading-ids.ts reads it as in Markdown.
 */
export function normalizeContainers(markdown: string, mdx = false): string {
  if (mdx && markdown.includes('{#')) markdown = escapeHeadingIds(markdown);
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
      const [, indent, colons, name, rest] = open;
      // Already remark-directive's form: `:::note[Title]`, `:::details[Title]{open}`.
      if (/^\[.*\](\{[^}]*\})?$/.test(rest) || /^\{[^}]*\}$/.test(rest)) return `${indent}${colons}${name}${rest}`;
      // `::: details Title {open}`: attributes at the end stay attributes.
      const attributes = /\s*(\{[\w\s="'-]*\})$/.exec(rest);
      const title = attributes ? rest.slice(0, attributes.index).trim() : rest;
      const label = title ? `[${title.replace(/^\[(.*)\]$/, '$1').replace(/[[\]]/g, '\\$&')}]` : '';
      return `${indent}${colons}${name}${label}${attributes ? attributes[1] : ''}`;
    })
    .join('\n');
}

/** `## Title {#id}` outside code, as `## Title \\{#id\\}`: literal text in MDX, as the Markdown form is. */
function escapeHeadingIds(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker) {
        if (fence === null) fence = marker;
        else if (marker.startsWith(fence) && line.trim() === marker) fence = null;
        return line;
      }
      if (fence !== null) return line;
      return line.replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#([A-Za-z0-9_-]+)\}\s*$/, '$1 \\{#$2\\}');
    })
    .join('\n');
}
