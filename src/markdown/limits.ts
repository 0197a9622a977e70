/**
 * What a page may be before its Markdown is parsed. The parser (micromark) takes time that grows
 * with the square of some inputs (thousands of emphasis marks or brackets in one paragraph) and
 * recurses once a level of nesting: such a page is refused with its line, before it can stall
 * the build or overflow the stack. Limits are sizes and counts, so a page passes or fails the
 * same on any machine.
 */

export interface MarkdownLimits {
  /** Largest page source, in bytes. */
  pageBytes: number;
  /** Deepest nesting of lists, block quotes and callouts. */
  nesting: number;
  /** Longest a page's Markdown may take to parse, in milliseconds (src/markdown/parse-budget.ts). */
  parseMs: number;
  /**
   * Most cells one table may have (header included). GFM tables cost far more than prose to parse and
   * render (a 440 KB table took 16 s and 1.7 GB); a real reference table has a few hundred.
   */
  tableCells: number;
  /** Most nodes, edges and bytes of one Mermaid diagram (src/markdown/diagrams.ts). */
  diagramNodes: number;
  diagramEdges: number;
  diagramBytes: number;
  /** Longest one MDX page's evaluation and rendering may take, in milliseconds (src/build/deadline.ts). */
  mdxMs: number;
  /** Longest one plugin hook, or loading the configuration, may take, in milliseconds (src/build/deadline.ts). */
  hookMs: number;
  /**
   * Most memory, in MB, the JavaScript heap of a thread that renders pages may hold: MDX pages render in
   * page workers (src/pages/index.ts), which V8 stops at this size instead of letting the process run out.
   * The default is the least at which V8 (64-bit) lets a heap grow as far between full collections as an
   * unbounded one (4 times what lives, against 1.6 times at 1,024 MB): at 1,024 MB each worker of a cold
   * 1,000-page build ran 4 to 5 full collections instead of 2, about a tenth of the build's CPU.
   */
  heapMb: number;
  /** Largest file the build reads for the site: a page, a partial, an image, a download (src/content/project-files.ts). */
  fileBytes: number;
}

/**
 * Diagram layout takes time that grows far faster than the diagram: a complete graph of 12 nodes
 * (66 edges) takes about 2 s, of 30 nodes (435 edges) over two minutes, of 150 nodes all the memory
 * there is. Counted before layout, so a diagram passes or fails the same on any machine.
 */
export const DEFAULT_LIMITS: MarkdownLimits = {
  pageBytes: 512 * 1024,
  nesting: 32,
  parseMs: 30_000,
  tableCells: 5000,
  diagramNodes: 200,
  diagramEdges: 150,
  diagramBytes: 16 * 1024,
  mdxMs: 30_000,
  hookMs: 60_000,
  heapMb: 2048,
  fileBytes: 64 * 1024 * 1024,
};

/**
 * The least `heapMb` may be. A worker's young generation is 96 MB (src/pages/index.ts): with an old
 * generation not much larger, a page that allocates without end makes V8 abort the whole process
 * instead of stopping the worker (measured on Node 20: 96 MB aborts, 128 MB stops the worker).
 */
export const MIN_HEAP_MB = 256;

/**
 * Emphasis marks (`*`, `_`) or brackets (`[`, `]`) one paragraph may hold. Matching them costs
 * the square of their number in micromark (1,000 take about 0.3 s; 30,000 would take hours); a long
 * real paragraph or table has a few dozen.
 */
export const MAX_DELIMITERS_PER_BLOCK = 1000;

export interface LimitProblem {
  message: string;
  /** Line in the Markdown passed in. */
  line: number;
  fix: string;
}

/** The first limit the page breaks, or null. */
export function checkLimits(markdown: string, limits: MarkdownLimits): LimitProblem | null {
  const bytes = Buffer.byteLength(markdown);
  if (bytes > limits.pageBytes) {
    return {
      message: `the page is ${formatBytes(bytes)}, over the limit of ${formatBytes(limits.pageBytes)}`,
      line: 1,
      fix: 'split it into several pages, or raise `limits.pageBytes` in docs.config.ts',
    };
  }
  return scanBlocks(markdown, limits.nesting, limits.tableCells);
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** A fence as micromark reads one: a backtick fence's info string holds no backtick. */
const FENCE = /^( {0,3})(?:(`{3,})(?!.*`)|(~{3,}))/;
const QUOTE = /^ {0,3}> ?/;
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const WORD = /[\p{L}\p{N}]/u;
const CALLOUT_OPEN = /^\s*:{3,}\s*[a-z]/i;
const CALLOUT_CLOSE = /^\s*:{3,}\s*$/;
/** A table's delimiter row: `| --- | :-: |` (the pipes at the ends optional). */
const TABLE_DELIMITER = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** The cells of a table row: the pipes between them, less those at the ends. */
function rowCells(line: string): number {
  const trimmed = line.trim();
  let pipes = 0;
  for (let c = 0; c < trimmed.length; c++) if (trimmed.charCodeAt(c) === 124 && trimmed[c - 1] !== '\\') pipes++;
  return pipes + 1 - (trimmed.startsWith('|') ? 1 : 0) - (trimmed.endsWith('|') && trimmed.length > 1 ? 1 : 0);
}

/**
 * One pass over the lines outside fenced code: nesting (markers on a line, list items by their
 * indentation, open callouts) and delimiters per block (lines between blank lines).
 */
function scanBlocks(markdown: string, maxNesting: number, maxCells: number): LimitProblem | null {
  const lines = markdown.split('\n');
  /** The open fence and its indentation: code ends with the list item it is in, at a line indented less. */
  let fence: { marker: string; indent: number } | null = null;
  const listIndents: number[] = [];
  let callouts = 0;
  let emphasis = 0;
  let brackets = 0;
  let blockStart = 0;
  /** The open table: its first line (the header row) and its cells so far; null outside a table. */
  let table: { line: number; cells: number } | null = null;
  const nestingProblem = (line: number, depth: number): LimitProblem => ({
    message: `lists, block quotes and callouts nested ${depth} deep, over the limit of ${maxNesting}`,
    line,
    fix: 'flatten the structure (a deeper level is rarely readable), or raise `limits.nesting` in docs.config.ts',
  });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMatch = FENCE.exec(line);
    const marker = fenceMatch ? (fenceMatch[2] ?? fenceMatch[3]) : '';
    if (fence !== null) {
      const closes =
        fenceMatch && marker[0] === fence.marker[0] && marker.length >= fence.marker.length && line.trim() === marker;
      const leftItem = line.trim() !== '' && line.length - line.trimStart().length < fence.indent;
      if (closes) fence = null;
      if (closes || !leftItem) continue;
      fence = null; // scanned as Markdown from here, as micromark reads it
    }
    if (fenceMatch) {
      fence = { marker, indent: fenceMatch[1].length };
      continue;
    }
    if (!line.trim()) {
      emphasis = brackets = 0;
      blockStart = i + 1;
      table = null;
      continue;
    }
    // A table runs to the end of its block: a row without pipes is a row of one cell.
    if (table) table.cells += rowCells(line);
    else if (i > blockStart && TABLE_DELIMITER.test(line) && line.includes('-') && lines[i - 1].includes('|'))
      table = { line: i, cells: rowCells(lines[i - 1]) };
    if (table && table.cells > maxCells)
      return {
        message: `a table of more than ${maxCells} cells: tables cost far more than prose to parse and render`,
        line: table.line,
        fix: 'split the table, or put the data in a file readers download; `limits.tableCells` in docs.config.ts sets the limit',
      };
    if (CALLOUT_CLOSE.test(line)) callouts = Math.max(0, callouts - 1);
    else if (CALLOUT_OPEN.test(line)) callouts++;
    // Markers at the start of the line: "> > - x" is three levels.
    let rest = line;
    let onLine = 0;
    let firstIndent = -1;
    for (;;) {
      const quote = QUOTE.exec(rest);
      const item = quote ? null : LIST_MARKER.exec(rest);
      if (!quote && !item) break;
      if (item && firstIndent < 0 && onLine === 0) firstIndent = rest.length - rest.trimStart().length;
      else onLine++;
      rest = rest.slice((quote ?? item)![0].length);
    }
    // List items nest by indentation across lines: a stack of the open items' indents.
    const indent = firstIndent >= 0 ? firstIndent : line.length - line.trimStart().length;
    while (listIndents.length && listIndents[listIndents.length - 1] >= indent) listIndents.pop();
    if (firstIndent >= 0) listIndents.push(firstIndent);
    const depth = listIndents.length + onLine + callouts;
    if (depth > maxNesting) return nestingProblem(i + 1, depth);
    for (let c = 0; c < line.length; c++) {
      const ch = line.charCodeAt(c);
      if (ch === 42 /* * */ || ch === 95 /* _ */) {
        const start = c;
        while (line.charCodeAt(c + 1) === ch) c++; // a run of marks is one delimiter
        // "snake_case" inside a word neither opens nor closes emphasis: nothing to match.
        if (ch === 42 || !(WORD.test(line[start - 1] ?? '') && WORD.test(line[c + 1] ?? ''))) emphasis++;
      } else if (ch === 91 /* [ */ || ch === 93 /* ] */) brackets++;
    }
    if (emphasis > MAX_DELIMITERS_PER_BLOCK || brackets > MAX_DELIMITERS_PER_BLOCK) {
      const what = emphasis > MAX_DELIMITERS_PER_BLOCK ? 'emphasis marks (* or _)' : 'brackets ([ or ])';
      return {
        message: `a paragraph with more than ${MAX_DELIMITERS_PER_BLOCK} ${what}: parsing them takes time that grows with the square of their number`,
        line: blockStart + 1,
        fix: 'split the paragraph with blank lines, put literal text in `code`, or escape the marks (\\* \\_ \\[)',
      };
    }
  }
  return null;
}
