import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A small deterministic PRNG (mulberry32): the same corpus on every machine and run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'workflow step trigger event source action destination component schedule webhook request response payload header token account ' +
  'deploy version retry timeout limit queue memory concurrency throttle replay inspect export state cache record field value table column ' +
  'service endpoint client server message channel notify filter transform batch stream archive secret variable environment runtime package ' +
  'install configure connect authorize refresh rotate revoke organization member admin invite share copy error failure warning success'
).split(' ');
const SECTION_TITLES = [
  'Overview',
  'Before you begin',
  'Configure the trigger',
  'Handle the payload',
  'Send the result',
  'Retries and timeouts',
  'Limits',
  'Troubleshooting',
  'Examples',
  'Security',
  'Reference',
  'Next steps',
];

export interface CorpusOptions {
  pages: number;
  dir: string;
  seed?: number;
}

/**
 * Writes a realistic documentation corpus: frontmatter, 600-900 words a page in 4-8 sections,
 * a table, two code blocks and internal links to other pages, in folders of 50 pages.
 */
export async function writeCorpus({ pages, dir, seed = 42 }: CorpusOptions): Promise<void> {
  const rand = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const sentence = (n: number) => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    return `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
  };
  const paragraph = (words: number) => {
    const out: string[] = [];
    let left = words;
    while (left > 0) {
      const n = Math.min(left, 8 + Math.floor(rand() * 12));
      out.push(sentence(n));
      left -= n;
    }
    return out.join(' ');
  };
  const route = (i: number) =>
    `section-${String(Math.floor(i / 50)).padStart(3, '0')}/page-${String(i).padStart(5, '0')}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'content'), { recursive: true });
  await writeFile(
    path.join(dir, 'docs.config.ts'),
    `export default { title: 'Corpus', base: '/docs/', product: { name: 'Corpus', slug: 'corpus', siteUrl: 'https://corpus.example' } };\n`,
  );
  await writeFile(
    path.join(dir, 'content/index.md'),
    `---\ntitle: Corpus\ndescription: A generated corpus of ${pages} pages.\n---\n\n${paragraph(120)}\n`,
  );
  const folders = new Set<string>();
  for (let i = 0; i < pages - 1; i++) folders.add(path.dirname(route(i)));
  await Promise.all([...folders].map((f) => mkdir(path.join(dir, 'content', f), { recursive: true })));
  const batch: Promise<void>[] = [];
  for (let i = 0; i < pages - 1; i++) {
    const sections = 4 + Math.floor(rand() * 5);
    const wordsPerSection = Math.floor((600 + rand() * 300) / sections);
    const titles = [...SECTION_TITLES].sort(() => rand() - 0.5).slice(0, sections);
    const other = route(Math.floor(rand() * (pages - 1)));
    const body: string[] = [];
    titles.forEach((title, s) => {
      body.push(`## ${title}`, '', paragraph(wordsPerSection), '');
      if (s === 0) body.push(`See [a related page](/${other}/) and [the home page](/).`, '');
      if (s === 1)
        body.push(
          '| Setting | Default | Meaning |',
          '| --- | --- | --- |',
          ...Array.from({ length: 4 }, () => `| \`${pick(WORDS)}\` | ${Math.floor(rand() * 1000)} | ${sentence(6)} |`),
          '',
        );
      // Identifiers get a prefix: words like "package" or "export" are reserved in JavaScript.
      if (s === 2)
        body.push(
          '```js',
          `export default async function handle_${pick(WORDS)}(event) {`,
          `  const res_${pick(WORDS)} = await fetch("https://api.example.com/${pick(WORDS)}");`,
          `  return { ok: true, count: ${Math.floor(rand() * 100)} };`,
          '}',
          '```',
          '',
        );
      if (s === 3)
        body.push(
          '```bash',
          `curl -X POST https://api.example.com/v1/${pick(WORDS)} -H "Authorization: Bearer $TOKEN"`,
          '```',
          '',
        );
    });
    const file = path.join(dir, 'content', `${route(i)}.md`);
    batch.push(
      writeFile(
        file,
        `---\ntitle: ${pick(WORDS)} ${pick(WORDS)} ${i}\ndescription: ${sentence(12)}\n---\n\n${paragraph(40)}\n\n${body.join('\n')}\n`,
      ),
    );
    if (batch.length >= 200) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}
