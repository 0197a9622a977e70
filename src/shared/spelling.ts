/** "Did you mean": the nearest known name to a misspelt one (constants, configuration keys, frontmatter keys). */

/** The known name nearest to a misspelt one, when it is close enough to be a likely typo. */
export function closest(
  name: string,
  names: readonly string[],
  /** The most edits a typo is taken to have. @default a third of the name, at least 2 */
  most = Math.max(2, Math.floor(name.length / 3)),
): string | undefined {
  let best: string | undefined;
  let bestDistance = most + 1;
  for (const candidate of names) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
