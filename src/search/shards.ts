/**
 * Splits the terms of the index into shards by prefix, Pagefind-style: a shard holds the terms
 * that start with its key, and a prefix whose terms would make the shard too big gets a key
 * (and a shard) of its own, recursively. Small neighbours are merged so shards stay few.
 *
 * A query term then needs the shard of its longest key, plus, for prefix search, the shards
 * whose keys start with it: a few kilobytes, whatever the size of the site.
 */
export function partition(sizes: Map<string, number>, target: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const terms = [...sizes.keys()].sort();
  const root = place('', terms, sizes, target, out);
  if (root.length) out.set('', root);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Terms all start with `prefix`; returns those that stay in the prefix's own shard. */
function place(prefix: string, terms: string[], sizes: Map<string, number>, target: number, out: Map<string, string[]>): string[] {
  const kept = terms.filter((t) => t.length === prefix.length);
  let keptSize = sum(kept, sizes);
  const groups = new Map<string, string[]>();
  for (const t of terms) {
    if (t.length === prefix.length) continue;
    const next = prefix + t[prefix.length];
    const group = groups.get(next);
    if (group) group.push(t);
    else groups.set(next, [t]);
  }
  const bySize = [...groups].map(([key, group]) => ({ key, group, size: sum(group, sizes) })).sort((a, b) => a.size - b.size || (a.key < b.key ? -1 : 1));
  for (const { key, group, size } of bySize) {
    if (keptSize + size <= target) {
      kept.push(...group);
      keptSize += size;
      continue;
    }
    const own = place(key, group, sizes, target, out);
    if (own.length) out.set(key, own);
  }
  return kept.sort();
}

function sum(terms: string[], sizes: Map<string, number>): number {
  let n = 0;
  for (const t of terms) n += sizes.get(t) ?? 0;
  return n;
}
