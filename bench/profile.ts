// `npm run bench -- --profile`: one cold build under `node --cpu-prof` (every thread writes a profile: the main
// thread, the page workers, the stat thread), its CPU summed by stage (the build's stages, by time) and by what ran
// (the module each sampled function comes from: the compiled CLI and worker are one file each, and esbuild marks each
// module's start in them with a `// path` line).
// Standalone: node --import tsx bench/profile.ts CONTENT_DIR WORK_DIR
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = path.dirname(import.meta.dirname);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a module is for: the groups of the account. */
export function groupOf(module: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1];
  if (pkg) {
    if (
      /^(micromark|mdast-util-from-markdown|remark-parse|decode-named-character-reference|character-entities|mdast-util-gfm|mdast-util-math|mdast-util-directive|remark-directive|mdast-util-to-string)/.test(
        pkg,
      )
    )
      return 'parse (micromark, mdast-util-from-markdown, syntax extensions)';
    if (/^(mdast-util-to-hast|remark-rehype|trim-lines|unist-util-position)/.test(pkg))
      return 'mdast to hast (remark-rehype)';
    if (
      /^(hast-util-to-html|rehype-stringify|property-information|stringify-entities|html-void-elements|comma-separated-tokens|space-separated-tokens|ccount|character-entities-)/.test(
        pkg,
      )
    )
      return 'hast to HTML (rehype-stringify)';
    if (/^(unified|vfile|trough|bail|unist-util-|is-plain-obj|devlop|extend)/.test(pkg))
      return 'unified core and tree walks';
    if (/^(react|react-dom|scheduler)$/.test(pkg)) return 'React render (layout)';
    if (/^(highlight\.js|lowlight|@shikijs|hast-util-to-string)/.test(pkg)) return 'highlighting';
    if (/^minisearch/.test(pkg)) return 'search index (minisearch)';
    if (/^(gray-matter|js-yaml|yaml|section-matter|kind-of|strip-bom-string)/.test(pkg)) return 'frontmatter (YAML)';
    if (/^(zod|ajv)/.test(pkg)) return 'schemas (zod, ajv)';
    if (/^(acorn|esprima)/.test(pkg)) return 'code checks (acorn)';
    if (/^zwitch/.test(pkg)) return 'hast to HTML (rehype-stringify)';
    if (/^(esbuild|tsx)/.test(pkg)) return 'esbuild and tsx';
    if (/^github-slugger/.test(pkg)) return 'slugs (github-slugger)';
    return `other packages (${pkg})`;
  }
  const src = /(?:^|\/)src\/([^/]+)\//.exec(module)?.[1];
  if (src) return `src/${src}`;
  if (module.startsWith('node:') || module === '') return 'Node and V8 (fs, buffers, workers, start-up)';
  return `other (${path.basename(module)})`;
}

/** A compiled bundle's `// path` module markers, by line, for attributing its functions. */
const markerCache = new Map<string, { line: number; module: string }[]>();
function moduleAt(url: string, line: number): string {
  if (!url.startsWith('file://')) return url.startsWith('node:') ? url : '';
  const file = fileURLToPath(url);
  if (!file.includes('.cache/docs')) return path.relative(REPO, file);
  let markers = markerCache.get(file);
  if (!markers) {
    markers = [];
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = /^\/\/ ((?:node_modules|src)\/\S+)$/.exec(text);
      if (m) markers!.push({ line: i, module: m[1] });
    });
    markerCache.set(file, markers);
  }
  let lo = 0;
  let hi = markers.length - 1;
  let found = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (markers[mid].line <= line) {
      found = markers[mid].module;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const SPECIAL: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  '(program)': 'Node and V8 (fs, buffers, workers, start-up)',
  '(idle)': '',
};

/** CPU milliseconds by stage and group, from every profile in `dir`; stage ends in the monotonic clock's microseconds. */
export function account(dir: string, stages: { label: string; endUs: number }[]) {
  const byGroup = new Map<string, number>();
  const byStage = new Map<string, Map<string, number>>();
  /** By stage, each function's own samples (not its callees'), named with its module and group. */
  const functionsByStage = new Map<string, Map<string, { ms: number; group: string }>>();
  const threads: { file: string; ms: number }[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Profile;
    const groups = new Map<number, string>();
    const names = new Map<number, string>();
    for (const node of profile.nodes) {
      const special = SPECIAL[node.callFrame.functionName];
      const module = moduleAt(node.callFrame.url, node.callFrame.lineNumber);
      groups.set(node.id, special ?? groupOf(module));
      names.set(
        node.id,
        special !== undefined
          ? node.callFrame.functionName
          : `${node.callFrame.functionName || '(anonymous)'} (${module || node.callFrame.url || 'native'})`,
      );
    }
    let t = profile.startTime;
    let threadMs = 0;
    let stage = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      // A sample stands for the time up to the next one (wall time: on a loaded machine a thread waiting for a core
      // is sampled too, so the caller scales the sums to the CPU time measured).
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const group = groups.get(profile.samples[i])!;
      if (!group) continue;
      threadMs += ms;
      byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
      while (stage < stages.length - 1 && t > stages[stage].endUs) stage++;
      const label = stages[stage]?.label ?? 'after the build';
      const s = byStage.get(label) ?? new Map<string, number>();
      s.set(group, (s.get(group) ?? 0) + ms);
      byStage.set(label, s);
      const fns = functionsByStage.get(label) ?? new Map<string, { ms: number; group: string }>();
      const name = names.get(profile.samples[i])!;
      const fn = fns.get(name) ?? { ms: 0, group };
      fn.ms += ms;
      fns.set(name, fn);
      functionsByStage.set(label, fns);
    }
    threads.push({ file: name, ms: threadMs });
  }
  return { byGroup, byStage, functionsByStage, threads };
}

/** A cold build of a copy of the corpus under --cpu-prof, and its account as a section of RESULTS.md. */
export async function profileColdBuild(content: string, workDir: string, machine: string): Promise<string> {
  await rm(workDir, { recursive: true, force: true });
  await cp(content, path.join(workDir, 'content'), { recursive: true });
  const profDir = path.join(workDir, 'profiles');
  const { stdout } = await run(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${profDir}`,
      path.join(REPO, 'bench/build-once.mjs'),
      workDir,
      path.join(workDir, 'dist'),
    ],
    { cwd: REPO, maxBuffer: 1 << 24, env: { ...process.env, BENCH_STAGE_ENDS: '1' } },
  );
  const figures = JSON.parse(stdout.trim().split('\n').pop()!);
  const pages: number = figures.pages;
  const { byGroup, byStage, functionsByStage, threads } = account(profDir, figures.stages);
  // The profiles are kept (bench/.corpus/ is git-ignored) for a look in a profile viewer.
  const kept = path.join(path.dirname(workDir), 'profiles');
  await rm(kept, { recursive: true, force: true });
  await rename(profDir, kept);
  await rm(workDir, { recursive: true, force: true });
  const sampled = [...byGroup.values()].reduce((a, b) => a + b, 0);
  // Sampled thread time, scaled to the CPU time the process measured (samples are taken by wall time).
  const scale = figures.cpuMs / sampled;
  const s = (ms: number) => `${((ms * scale) / 1000).toFixed(2)} s`;
  const raw = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const pct = (ms: number) => `${Math.round((ms / sampled) * 100)}%`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const lines = [
    `## Where the CPU of a cold build goes, ${pages.toLocaleString('en-US')} pages`,
    '',
    `One cold build under \`node --cpu-prof\` (profiling slows it: the shares count, not the seconds), ${machine}.` +
      ` The build: ${raw(figures.ms)} in the build, CPU ${raw(figures.cpuMs)} (every thread), peak ${figures.maxRssMB} MB.` +
      ` Samples over ${threads.length} threads (${threads.map((t) => raw(t.ms)).join(', ')} of sampled time: samples are` +
      ` taken by wall time, so on a loaded machine a thread waiting for a core counts too); each part below is its share` +
      ` of the samples times the CPU time measured.`,
    '',
    '| What ran | CPU | Share |',
    '| --- | --- | --- |',
    ...sorted(byGroup).map(([g, ms]) => `| ${g} | ${s(ms)} | ${pct(ms)} |`),
    '',
    "By stage of the build (every thread's samples while the main thread was in the stage), the largest parts:",
    '',
    '| Stage | CPU | Share | Largest parts |',
    '| --- | --- | --- | --- |',
    ...[...byStage]
      .map(([label, groups]): [string, Map<string, number>, number] => [
        label,
        groups,
        [...groups.values()].reduce((a, b) => a + b, 0),
      ])
      .sort((a, b) => b[2] - a[2])
      .map(
        ([label, groups, ms]) =>
          `| ${label} | ${s(ms)} | ${pct(ms)} | ${sorted(groups)
            .slice(0, 5)
            .map(([g, gms]) => `${g} ${s(gms)}`)
            .join('; ')} |`,
      ),
  ];
  lines.push('', ...halving(byStage, functionsByStage, s, sampled));
  return lines.join('\n');
}

/** The account's parse group: the remark parser the unified floor runs too, which the other stages are measured beside. */
const PARSE = 'parse (micromark, mdast-util-from-markdown, syntax extensions)';

/**
 * What halving the largest stage would take, parse left out (the floor pays it too): the stage's CPU without the
 * parse, and the fewest functions (by their own samples) that together make half of it, each with what it is.
 */
export function halving(
  byStage: Map<string, Map<string, number>>,
  functionsByStage: Map<string, Map<string, { ms: number; group: string }>>,
  s: (ms: number) => string,
  sampled: number,
): string[] {
  const withoutParse = [...byStage].map(([label, groups]): [string, number] => [
    label,
    [...groups].filter(([g]) => g !== PARSE).reduce((sum, [, ms]) => sum + ms, 0),
  ]);
  const [stage, ms] = withoutParse.sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (!stage) return [];
  const functions = [...(functionsByStage.get(stage) ?? [])]
    .filter(([, f]) => f.group !== PARSE)
    .sort((a, b) => b[1].ms - a[1].ms);
  const half: [string, { ms: number; group: string }][] = [];
  let sum = 0;
  for (const entry of functions) {
    if (sum >= ms / 2) break;
    half.push(entry);
    sum += entry[1].ms;
  }
  // The same by group: the fewest kinds of work that make half of the stage.
  const groups = [...(byStage.get(stage) ?? [])].filter(([g]) => g !== PARSE).sort((a, b) => b[1] - a[1]);
  const halfGroups: [string, number][] = [];
  for (let sum = 0, i = 0; i < groups.length && sum < ms / 2; sum += groups[i++][1]) halfGroups.push(groups[i]);
  return [
    `### What halving the largest stage would take, parse left out`,
    '',
    `The largest stage without the parse is **${stage}**: ${s(ms)} of CPU (${Math.round((ms / sampled) * 100)}% of the build). Halving it saves ${s(ms / 2)}.` +
      ` Its CPU is spread over ${functions.length.toLocaleString('en-US')} functions; the ${half.length} that do the most, by their own samples (not their callees'), make up half of it:` +
      ` halving the stage means removing most of their work, or all of the largest ones'.` +
      ` By kind of work, half of it is ${halfGroups.map(([g, gms]) => `${g} (${s(gms)})`).join(', ')}.`,
    '',
    '| Function (module) | Group | CPU | Share of the stage |',
    '| --- | --- | --- | --- |',
    ...half
      .slice(0, 25)
      .map(
        ([name, f]) =>
          `| ${name.replaceAll('|', '\\|')} | ${f.group} | ${s(f.ms)} | ${Math.round((f.ms / ms) * 100)}% |`,
      ),
    ...(half.length > 25
      ? [`| ${half.length - 25} more | | ${s(half.slice(25).reduce((a, [, f]) => a + f.ms, 0))} | |`]
      : []),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [content, workDir] = process.argv.slice(2);
  console.log(await profileColdBuild(path.resolve(content), path.resolve(workDir), 'standalone run'));
}
