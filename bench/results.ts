// bench/RESULTS.md: the latest figures of `npm run bench`, each section with the date, machine and commit it was
// measured on. Everything above the first section marker is the method, written by hand and kept as it is; a run
// replaces the sections it measured and keeps the others (a run of `--differential` alone keeps the builds' figures).
// Past runs live in git history only.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';

export const RESULTS = path.join(import.meta.dirname, 'RESULTS.md');

export interface Machine {
  date: string;
  nproc: number;
  cpu: string;
  memoryGB: number;
  node: string;
  /** The 1, 5 and 15 minute load averages when the run started. */
  loadAtStart: string;
  commit: string;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: path.dirname(import.meta.dirname), encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The machine and the code, taken when a run starts. */
export function machine(): Machine {
  const dirty = git(['status', '--porcelain', '--untracked-files=no', '--', 'src', 'bin', 'bench'])
    ? ' with changes'
    : '';
  return {
    date: new Date()
      .toISOString()
      .replace(/\.\d+Z$/, ' UTC')
      .replace('T', ' '),
    nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAtStart: loadNow(),
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${dirty}`,
  };
}

export const describe = (m: Machine) =>
  `${m.date}, commit ${m.commit}; ${m.nproc} cores (\`nproc\`), ${m.cpu}, ${m.memoryGB} GB, Node ${m.node}; load average at start ${m.loadAtStart}`;

const MARKER = /^<!-- section: ([\w-]+) -->$/m;

/** Replaces (or adds) the sections given, by id, keeping the method above them and every other section. */
export async function writeSections(sections: { id: string; text: string }[]): Promise<void> {
  const old = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const first = old.search(MARKER);
  const head = first === -1 ? old.trimEnd() : old.slice(0, first).trimEnd();
  const kept = new Map<string, string>();
  if (first !== -1) {
    const parts = old.slice(first).split(/^(?=<!-- section: )/m);
    for (const part of parts) {
      const id = MARKER.exec(part)?.[1];
      if (id) kept.set(id, part.trimEnd());
    }
  }
  for (const { id, text } of sections) kept.set(id, `<!-- section: ${id} -->\n${text.trim()}`);
  // A fixed order: the peers, the builds, the account, the differential run, then whatever else.
  const order = (id: string) =>
    ['peers', 'builds', 'stages', 'profile', 'edits', 'differential'].findIndex((p) => id.startsWith(p));
  const ids = [...kept.keys()].sort((a, b) => ((order(a) + 99) % 99) - ((order(b) + 99) % 99) || a.localeCompare(b));
  await writeFile(RESULTS, `${head}\n\n${ids.map((id) => kept.get(id)).join('\n\n')}\n`);
}
