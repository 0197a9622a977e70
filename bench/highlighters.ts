// Shiki (TextMate grammars) against lowlight (highlight.js grammars) on the same snippets: where they
// classify a piece of code differently, so a person can judge which is right.
// Also the time each takes on a site's code blocks (--time [content folder], the real site's by default).
// Usage: node --import tsx bench/highlighters.ts [--all] [--time [dir]] | --json dir
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { highlightLines, isKnownLanguage, type HighlighterName } from '../src/markdown/highlight.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NAMES: Record<string, string> = {
  tk: 'keyword',
  ts: 'string',
  tn: 'number/constant',
  tc: 'comment',
  tf: 'function/type',
  tp: 'property/variable',
  tm: 'meta',
  '': 'plain',
};

/** Per character: the kind a highlighter gives it (lowlight's classes folded into the same kinds). */
function kinds(lang: string, code: string, highlighter: HighlighterName): string[] {
  const out: string[] = [];
  for (const [i, line] of highlightLines(lang, code, highlighter).entries()) {
    if (i > 0) out.push('');
    for (const token of line) out.push(...[...token.text].map(() => token.kind));
  }
  return out;
}

const SAMPLES: Record<string, string> = {
  ts: `import type { Step } from "@conduit/sdk";
interface Options<T extends object = {}> { retries?: number; onDone: (r: T) => void }
export async function run<T>(opts: Options<T>): Promise<Step[]> {
  const url = new URL(\`https://api.example/\${opts.retries ?? 3}\`);
  type Key = keyof typeof opts;
  return (await fetch(url)).json() as Promise<Step[]>;
}
enum Mode { Fast = 1, Safe }
let re = /^\\d+$/g, big = 10n, hex = 0xff_ff;`,
  tsx: `export function Card({ title, children }: { title: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState<boolean>(false);
  return <section className="card" onClick={() => setOpen(!open)}>{title}{open && children}</section>;
}`,
  js: `export default defineStep({
  props: { channel: { type: "string", label: "Channel" } },
  async run({ event, steps, ctx }) {
    const { body } = event;
    if (!body?.email) return ctx.end("No email");
    const total = steps.fetch.result.items.reduce((sum, item) => sum + item.price * 1.2, 0);
    await ctx.state.set("count", (await ctx.state.get("count")) ?? 0 + 1);
    console.log(\`total: \${total}\`, typeof total, this, null, undefined);
    return { ok: true, total };
  },
});`,
  json: `{
  "name": "orders-sync",
  "retries": 3,
  "enabled": true,
  "timeout": null,
  "steps": [{ "id": "fetch", "weight": -1.5e3 }]
}`,
  yaml: `# Workflow definition
name: orders-sync
trigger:
  type: http
  path: /orders   # comment after a value
steps:
  - name: fetch
    timeout: 30
    enabled: yes
    script: |
      console.log("hi")
    tags: [a, "b", 3]
url: https://example.com:8080/x`,
  bash: `#!/usr/bin/env bash
export CONDUIT_TOKEN="$(cat ~/.token)"
conduit deploy ./workflow.yaml --env prod --dry-run # preview first
for f in *.json; do echo "\${f%.json}: $((n + 1))"; done
curl -sS -X POST "https://api.example/v1/sources" -H "Authorization: Bearer $TOKEN" -d '{"a":1}' | jq .id`,
  python: `@app.route("/hooks", methods=["POST"])
def handler(event: dict, *, retries: int = 3) -> dict | None:
    """Forward the event."""
    total = sum(i["price"] for i in event.get("items", []) if i is not None)
    print(f"total={total:.2f} for {event['id']!r}")
    return {"ok": True, "total": total, "n": 0x1F}
class Sink(Base):
    async def send(self, msg): await self.client.post(msg)`,
  go: `package main

import (
	"fmt"
	"net/http"
)

type Event struct {
	ID   string \`json:"id"\`
	Size int64
}

func (e *Event) Handle(w http.ResponseWriter, r *http.Request) error {
	n, err := fmt.Fprintf(w, "event %s: %d\\n", e.ID, e.Size)
	if err != nil { return err }
	go func() { _ = n }()
	return nil
}`,
  sql: `-- Orders per day
CREATE TABLE IF NOT EXISTS orders (id BIGINT PRIMARY KEY, total NUMERIC(10, 2), created_at TIMESTAMPTZ DEFAULT now());
SELECT date_trunc('day', created_at) AS day, count(*), sum(total)
FROM orders o LEFT JOIN users u ON u.id = o.user_id
WHERE total > 10.5 AND status IN ('paid', 'shipped') GROUP BY 1 ORDER BY day DESC LIMIT 30;`,
  http: `POST /v1/workflows/wf_123/events HTTP/1.1
Host: api.example.com
Authorization: Bearer ck_live_abc
Content-Type: application/json

{"type": "order.created", "amount": 42}`,
  diff: `diff --git a/step.js b/step.js
--- a/step.js
+++ b/step.js
@@ -1,3 +1,4 @@
-if (!$event.body.email) {
+if (!event.body.email) {
   return;
 }`,
};

function report(lang: string, code: string, showAll: boolean): string[] {
  const a = kinds(lang, code, 'lowlight');
  const b = kinds(lang, code, 'shiki');
  const out: string[] = [];
  const chars = [...code];
  let i = 0;
  while (i < chars.length) {
    if (/\s/.test(chars[i]) || (a[i] === b[i] && !showAll)) {
      i++;
      continue;
    }
    let j = i;
    while (j < chars.length && !/\s/.test(chars[j]) && a[j] === a[i] && b[j] === b[i]) j++;
    out.push(
      `  ${JSON.stringify(chars.slice(i, j).join(''))}  highlight.js: ${NAMES[a[i] ?? '']}  shiki: ${NAMES[b[i] ?? '']}`,
    );
    i = j;
  }
  return out;
}

/** Every fenced block under a content folder, with its language. */
async function blocksOf(contentDir: string): Promise<[string, string][]> {
  const files = (await readdir(contentDir, { recursive: true })).filter((f) => f.endsWith('.md'));
  const blocks: [string, string][] = [];
  for (const file of files) {
    const text = await readFile(path.join(contentDir, file), 'utf8');
    for (const m of text.matchAll(/^ *```(\w+)[^\n]*\n([\s\S]*?)\n *```/gm))
      if (m[1] !== 'text') blocks.push([m[1], m[2]]);
  }
  return blocks;
}

export interface HighlighterTimes {
  blocks: number;
  /** The first pass in a fresh process: grammars load and compile, as in a cold build. */
  lowlightFirstMs: number;
  shikiFirstMs: number;
  /** A later pass (median of 3): what a long build or the dev server pays. */
  lowlightMs: number;
  shikiMs: number;
  /** Token spans each emits (each `<span class="tk">...</span>` is 24 bytes before compression). */
  lowlightSpans: number;
  shikiSpans: number;
}

/** Times both highlighters on every block of a content folder (run it in a fresh process for the first pass to mean anything). */
export async function timeHighlighters(contentDir: string): Promise<HighlighterTimes> {
  const blocks = (await blocksOf(contentDir)).filter(
    ([lang]) => isKnownLanguage(lang, 'lowlight') && isKnownLanguage(lang, 'shiki'),
  );
  const once = (highlighter: HighlighterName) => {
    const t = performance.now();
    for (const [lang, code] of blocks) highlightLines(lang, code, highlighter);
    return performance.now() - t;
  };
  const lowlightFirstMs = once('lowlight');
  const shikiFirstMs = once('shiki');
  const median = (highlighter: HighlighterName) =>
    [once(highlighter), once(highlighter), once(highlighter)].sort((x, y) => x - y)[1];
  const spans = (highlighter: HighlighterName) =>
    blocks.reduce(
      (n, [lang, code]) =>
        n +
        highlightLines(lang, code, highlighter)
          .flat()
          .filter((t) => t.kind).length,
      0,
    );
  return {
    blocks: blocks.length,
    lowlightFirstMs,
    shikiFirstMs,
    lowlightMs: median('lowlight'),
    shikiMs: median('shiki'),
    lowlightSpans: spans('lowlight'),
    shikiSpans: spans('shiki'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--json')) {
    // For bench/run.ts: the figures of one content folder, in this fresh process.
    console.log(JSON.stringify(await timeHighlighters(args[args.indexOf('--json') + 1])));
    process.exit(0);
  }
  for (const [lang, code] of Object.entries(SAMPLES)) {
    const lines = report(lang, code, args.includes('--all'));
    console.log(`\n## ${lang}: ${lines.length} differences`);
    console.log(lines.join('\n'));
  }
  if (args.includes('--time')) {
    const dir =
      args[args.indexOf('--time') + 1]?.startsWith('-') === false
        ? args[args.indexOf('--time') + 1]
        : path.join(REPO, 'content');
    const t = await timeHighlighters(dir);
    const ms = (n: number) => `${Math.round(n)} ms`;
    console.log(
      `\n${t.blocks} blocks in ${dir}: first pass lowlight ${ms(t.lowlightFirstMs)}, shiki ${ms(t.shikiFirstMs)}; later passes lowlight ${ms(t.lowlightMs)}, shiki ${ms(t.shikiMs)}; token spans lowlight ${t.lowlightSpans}, shiki ${t.shikiSpans}`,
    );
  }
}
