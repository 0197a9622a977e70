// The unified floor: what a remark-based generator cannot go below on this machine. Reads each page of a folder,
// drops its frontmatter, runs remark-parse with GFM tables, remark-rehype and rehype-stringify, and writes one HTML
// file a page (`a/b.md` -> `a/b/index.html`), one worker thread a core; nothing else (no layout, links, search,
// checks, highlighting). Usage: node bench/floor.mjs CONTENT_DIR OUT_DIR
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (isMainThread) {
  const [content, out] = process.argv.slice(2).map((p) => path.resolve(p));
  const files = readdirSync(content, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const threads = Math.max(1, Math.min(availableParallelism(), files.length));
  const done = [];
  for (let t = 0; t < threads; t++) {
    const mine = files.filter((_, i) => i % threads === t);
    const worker = new Worker(new URL(import.meta.url), { workerData: { content, out, files: mine } });
    done.push(
      new Promise((resolve, reject) => {
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
      }),
    );
  }
  await Promise.all(done);
} else {
  const { unified } = await import('unified');
  const { default: remarkParse } = await import('remark-parse');
  const { default: remarkRehype } = await import('remark-rehype');
  const { default: rehypeStringify } = await import('rehype-stringify');
  const { gfmTable } = await import('micromark-extension-gfm-table');
  const { gfmTableFromMarkdown, gfmTableToMarkdown } = await import('mdast-util-gfm-table');
  function gfmTables() {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(gfmTable());
    (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
    (data.toMarkdownExtensions ??= []).push(gfmTableToMarkdown());
  }
  const processor = unified().use(remarkParse).use(gfmTables).use(remarkRehype).use(rehypeStringify).freeze();
  const { content, out, files } = workerData;
  for (const file of files) {
    const source = readFileSync(path.join(content, file), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
    const html = String(processor.processSync(source));
    const base = file.replace(/\.md$/, '');
    const dir = path.join(out, path.basename(base) === 'index' ? path.dirname(base) : base);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), html);
  }
  parentPort.close();
}
