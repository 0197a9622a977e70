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
  // A stack of prefixes still to place, not recursion: a prefix a letter deep would be a frame a letter.
  const pending: { prefix: string; terms: string[] }[] = [{ prefix: '', terms: [...sizes.keys()].sort() }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const own = place(next.prefix, next.terms, sizes, target, pending);
    if (own.length) out.set(next.prefix, own);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Terms all start with `prefix`; returns those that stay in the prefix's own shard, and queues the
 * longer prefixes too heavy to stay with it.
 */
function place(
  prefix: string,
  terms: string[],
  sizes: Map<string, number>,
  target: number,
  pending: { prefix: string; terms: string[] }[],
): string[] {
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
  const bySize = [...groups]
    .map(([key, group]) => ({ key, group, size: sum(group, sizes) }))
    .sort((a, b) => a.size - b.size || (a.key < b.key ? -1 : 1));
  for (const { key, group, size } of bySize) {
    if (keptSize + size <= target) {
      kept.push(...group);
      keptSize += size;
    } else pending.push({ prefix: commonPrefix(group[0], group[group.length - 1]), terms: group });
  }
  return kept.sort();
}

/**
 * The prefix of two sorted terms (so of every term between them): the levels between the group's
 * key and it would hold no term of their own, so the group goes there at once.
 */
function commonPrefix(first: string, last: string): string {
  let n = 0;
  while (n < first.length && first[n] === last[n]) n++;
  return first.slice(0, n);
}

function sum(terms: string[], sizes: Map<string, number>): number {
  let n = 0;
  for (const t of terms) n += sizes.get(t) ?? 0;
  return n;
}
