// Shiki (TextMate grammars) against lowlight (highlight.js grammars) on the same snippets: where they
// classify a piece of code differently, so a person can judge which is right.
// Also the time each takes on the real site's code blocks.
// Usage: node --import tsx bench/highlighters.ts [--all] [--time]
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { ElementContent } from 'hast';
import http from 'highlight.js/lib/languages/http';
import { common, createLowlight } from 'lowlight';
import { highlightLines } from '../src/markdown/highlight.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lowlight = createLowlight(common);
lowlight.register({ http });
lowlight.registerAlias({ typescript: ['tsx'], yaml: ['yml'] });

/** highlight.js classes in the kinds the site colours (the same groups the stylesheet had). */
const HLJS_KIND: Record<string, string> = {
  keyword: 'tk', 'selector-tag': 'tk', literal: 'tn', built_in: 'tk', type: 'tk', string: 'ts', regexp: 'ts', 'template-tag': 'ts', addition: 'ts', number: 'tn', symbol: 'tn',
  bullet: 'tn', comment: 'tc', quote: 'tc', deletion: 'tc', title: 'tf', section: 'tf', attr: 'tp', attribute: 'tp', variable: 'tp', property: 'tp', params: 'tp', name: 'tp',
  'selector-class': 'tp', meta: 'tm', doctag: 'tm',
};
const NAMES: Record<string, string> = { tk: 'keyword', ts: 'string', tn: 'number/constant', tc: 'comment', tf: 'function/type', tp: 'property/variable', tm: 'meta', '': 'plain' };

/** Per character: the kind lowlight gives it. */
function lowlightKinds(lang: string, code: string): string[] {
  const out: string[] = [];
  const visit = (nodes: ElementContent[], kind: string) => {
    for (const node of nodes) {
      if (node.type === 'text') out.push(...[...node.value].map(() => kind));
      else if (node.type === 'element') {
        const cls = ((node.properties.className as string[]) ?? []).map((c) => c.replace(/^hljs-/, ''));
        const own = cls.map((c) => HLJS_KIND[c]).find(Boolean);
        visit(node.children, own ?? kind);
      }
    }
  };
  visit(lowlight.highlight(lang, code).children as ElementContent[], '');
  return out;
}

/** Per character: the kind Shiki gives it. */
function shikiKinds(lang: string, code: string): string[] {
  const kinds: string[] = [];
  for (const [i, line] of highlightLines(lang, code).entries()) {
    if (i > 0) kinds.push('');
    for (const token of line) kinds.push(...[...token.text].map(() => token.kind));
  }
  return kinds;
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
  const a = lowlightKinds(lang, code);
  const b = shikiKinds(lang, code);
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
    out.push(`  ${JSON.stringify(chars.slice(i, j).join(''))}  highlight.js: ${NAMES[a[i] ?? '']}  shiki: ${NAMES[b[i] ?? '']}`);
    i = j;
  }
  return out;
}

/** Every fenced block of the real site, by language. */
async function siteBlocks(): Promise<[string, string][]> {
  const files = (await readdir(path.join(REPO, 'content'), { recursive: true })).filter((f) => f.endsWith('.md'));
  const blocks: [string, string][] = [];
  for (const file of files) {
    const text = await readFile(path.join(REPO, 'content', file), 'utf8');
    for (const m of text.matchAll(/^ *```(\w+)[^\n]*\n([\s\S]*?)\n *```/gm)) blocks.push([m[1], m[2]]);
  }
  return blocks;
}

const args = process.argv.slice(2);
for (const [lang, code] of Object.entries(SAMPLES)) {
  const lines = report(lang, code, args.includes('--all'));
  console.log(`\n## ${lang}: ${lines.length} differences`);
  console.log(lines.join('\n'));
}
if (args.includes('--time')) {
  const blocks = (await siteBlocks()).filter(([lang]) => lowlight.registered(lang) && lang !== 'text');
  const time = (fn: () => void) => {
    const runs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      fn();
      runs.push(performance.now() - t);
    }
    return runs.sort((x, y) => x - y)[2].toFixed(1);
  };
  const first = performance.now();
  for (const [lang, code] of blocks) highlightLines(lang, code);
  console.log(`\nshiki, first pass (grammars loading): ${(performance.now() - first).toFixed(1)} ms`);
  console.log(`${blocks.length} blocks of the real site, median of 5: lowlight ${time(() => blocks.forEach(([l, c]) => lowlight.highlight(l, c)))} ms, shiki ${time(() => blocks.forEach(([l, c]) => highlightLines(l, c)))} ms`);
}
