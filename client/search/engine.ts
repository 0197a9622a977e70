/**
 * The query engine: loads the parts of the sharded index a query needs and runs MiniSearch on
 * them. No DOM here, so the relevance tests run it in Node on the built site.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import {
  averageLengths,
  decodePostings,
  DOC_ROW,
  SEARCH_FIELDS,
  SEARCH_FORMAT_VERSION,
  searchPageUrl,
  shardOf,
  shardsUnder,
  shardUrl,
  vocabUrl,
  type SearchManifest,
  type SearchPageData,
  type SearchShard,
} from '../../src/shared/search-format.js';
import { distance, parseQuery, type Group, type Leaf } from './query.js';
import { coordinated, coverage, diverse, namesQuery, queryTree, tier, type Covers, type Ranked } from './rank.js';

/** Fetches and parses one JSON file of the index. */
export type Load = (url: string) => Promise<unknown>;

export interface SearchHit {
  /** Page URL, with `#slug` for a section. */
  url: string;
  title: string;
  /** Sidebar group of the page ("" for none). */
  group: string;
  /** Section heading, "" for the top of the page. */
  heading: string;
  text: string;
  /** Words of the index the query matched here (stems), for highlighting. */
  terms: string[];
  score: number;
}

/**
 * A heading names what its section is about as the title names its page: both weigh twice the body.
 * (Headings at three times over-ranked short sections that shared one word with the query.)
 */
const BOOST = { title: 2, heading: 2, text: 1, group: 1 };
/** Bytes of shards a prefix may pull in; a shorter prefix would match too much to be worth it. */
const PREFIX_BUDGET = 200_000;

type Fields = Record<string, Record<string, number>>;
interface LoadedShard {
  index: [string, Fields][];
  lengths: Record<string, number[]>;
}

/** A MiniSearch instance and the shards (ids and data) it was made of. */
interface Instance {
  ids: Set<number>;
  shards: LoadedShard[];
  mini: MiniSearch;
}

export class SearchEngine {
  /** Milliseconds the last query took once its shards were in memory (the part a keystroke waits for). */
  lastQueryMs = 0;
  private readonly keys: string[];
  private readonly starts: number[] = [];
  private readonly shards = new Map<number, Promise<LoadedShard>>();
  private readonly vocab = new Map<string, Promise<string[]>>();
  private readonly pages = new Map<number, Promise<SearchPageData>>();
  private cached?: Instance;

  constructor(
    readonly manifest: SearchManifest,
    private readonly load: Load,
  ) {
    this.keys = manifest.shards.map(([key]) => key);
    let start = 0;
    for (const count of manifest.counts) {
      this.starts.push(start);
      start += count;
    }
  }

  static async open(manifestUrl: string, load: Load): Promise<SearchEngine> {
    const manifest = (await load(manifestUrl)) as SearchManifest;
    if (manifest?.version !== SEARCH_FORMAT_VERSION)
      throw new Error(
        `The search index at ${manifestUrl} has format ${manifest?.version}, expected ${SEARCH_FORMAT_VERSION}: rebuild the site.`,
      );
    return new SearchEngine(manifest, load);
  }

  /** The best sections for a query, best first. */
  async search(query: string, limit = 10): Promise<SearchHit[]> {
    const groups = parseQuery(query, this.manifest.synonyms ?? [], this.manifest.stem !== false);
    if (!groups.length) return [];
    const leaves = groups.flatMap((g) => [...g.leaves, ...g.synonyms.flat()]);
    const shardIds = await this.prepare(leaves);
    const shards = await Promise.all(shardIds.map((id) => this.shard(id)));
    const started = performance.now();
    const ranked = this.rank(groups, shards, shardIds, limit);
    this.lastQueryMs = performance.now() - started;
    performance.mark?.('docs-search-query', { detail: this.lastQueryMs });
    return Promise.all(
      ranked.map(async ({ page, section, result }) => {
        const data = await this.page(page);
        const [slug, heading, text] = data.sections[section];
        return {
          url: slug ? `${data.url}#${slug}` : data.url,
          title: data.title,
          group: data.group,
          heading,
          text,
          terms: result.terms,
          score: result.score,
        };
      }),
    );
  }

  /**
   * Loads the shards the query's terms live in: each term's own, the ones its prefix reaches
   * (within a budget), and those of close spellings found in the vocabulary of its first letter.
   */
  private async prepare(leaves: Leaf[]): Promise<number[]> {
    const wanted = new Set<number>();
    for (const leaf of leaves) {
      const own = shardOf(this.keys, leaf.term);
      if (own >= 0) wanted.add(own);
      if (!leaf.prefix) continue;
      const under = shardsUnder(this.keys, leaf.term);
      if (under.reduce((n, id) => n + this.manifest.shards[id][1], 0) > PREFIX_BUDGET) leaf.prefix = false;
      else for (const id of under) wanted.add(id);
    }
    const typos = leaves.filter((leaf) => leaf.fuzzy > 0);
    const first = [...wanted].map((id) => this.shard(id));
    const close = await Promise.all(typos.map((leaf) => this.closeWords(leaf)));
    for (const word of close.flat()) {
      const id = shardOf(this.keys, word);
      if (id >= 0) wanted.add(id);
    }
    await Promise.all([...first, ...[...wanted].map((id) => this.shard(id))]);
    return [...wanted].sort((a, b) => a - b);
  }

  private async closeWords(leaf: Leaf): Promise<string[]> {
    const letter = leaf.term[0];
    const entry = this.manifest.vocab.findIndex(([l]) => l === letter);
    if (entry < 0) return [];
    let list = this.vocab.get(letter);
    if (!list) {
      list = this.fetch<string[]>(vocabUrl(this.manifest, entry), () => this.vocab.delete(letter));
      this.vocab.set(letter, list);
    }
    return (await list).filter((word) => word !== leaf.term && distance(leaf.term, word, leaf.fuzzy) <= leaf.fuzzy);
  }

  private shard(id: number): Promise<LoadedShard> {
    let loaded = this.shards.get(id);
    if (!loaded) {
      loaded = this.fetch<SearchShard>(shardUrl(this.manifest, id), () => this.shards.delete(id)).then((shard) =>
        decodeShard(shard, this.starts),
      );
      this.shards.set(id, loaded);
    }
    return loaded;
  }

  private page(index: number): Promise<SearchPageData> {
    let data = this.pages.get(index);
    if (!data) {
      data = this.fetch<SearchPageData>(searchPageUrl(this.manifest, index), () => this.pages.delete(index));
      this.pages.set(index, data);
    }
    return data;
  }

  /** A failed download is forgotten, so the next query tries again. */
  private async fetch<T>(url: string, forget: () => void): Promise<T> {
    try {
      return (await this.load(url)) as T;
    } catch (error) {
      forget();
      throw error;
    }
  }

  /**
   * MiniSearch over the shards this query touches. The last one is kept while later queries need
   * no other shard (more shards than needed change no score: BM25 counts are global), so typing on
   * or deleting reuses it; otherwise it is rebuilt from the query's shards only, to stay small.
   */
  private instance(shards: LoadedShard[], ids: number[]): Instance {
    if (this.cached && ids.every((id) => this.cached!.ids.has(id))) return this.cached;
    const fieldLength: Record<string, number[]> = Object.assign({}, ...shards.map((s) => s.lengths));
    const documentIds: Record<string, number> = {};
    for (const doc of Object.keys(fieldLength)) documentIds[doc] = Number(doc);
    const js: AsPlainObject = {
      documentCount: this.manifest.docs,
      nextId: this.manifest.docs,
      documentIds,
      fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
      fieldLength,
      averageFieldLength: averageLengths(this.manifest),
      storedFields: {},
      dirtCount: 0,
      index: shards.flatMap((s) => s.index),
      serializationVersion: 2,
    };
    this.cached = { ids: new Set(ids), shards, mini: MiniSearch.loadJS(js, OPTIONS) };
    return this.cached;
  }

  private rank(groups: Group[], shards: LoadedShard[], ids: number[], limit: number): Ranked[] {
    const { mini, shards: loaded } = this.instance(shards, ids);
    const flags = new Map<string, Leaf>();
    for (const g of groups) for (const leaf of [...g.synonyms.flat(), ...g.leaves]) flags.set(leaf.term, leaf);
    const results = coordinated(
      mini.search(queryTree(groups), {
        prefix: (t) => flags.get(t)?.prefix ?? false,
        fuzzy: (t) => flags.get(t)?.fuzzy || false,
      }),
      groups,
    );
    // MiniSearch sorts by score. Only a result with a query word in its heading or title can move
    // up a tier; the others keep MiniSearch's order, after those.
    const covers = coverage(groups);
    const raised: Ranked[] = [];
    const rest: SearchResult[] = [];
    for (const result of results) {
      const ranked = namesQuery(result) ? this.locate(result, covers, loaded) : undefined;
      if (ranked && ranked.tier > 0) raised.push(ranked);
      else rest.push(result);
    }
    raised.sort((a, b) => b.tier - a.tier || b.result.score - a.result.score);
    const self = this;
    return diverse(
      (function* () {
        yield* raised;
        for (const result of rest) yield self.locate(result);
      })(),
      limit,
    );
  }

  /** The page and section of a result, and its tier when the query is given. */
  private locate(result: SearchResult, covers?: Covers, shards?: LoadedShard[]): Ranked {
    const doc = result.id as number;
    const page = upperBound(this.starts, doc) - 1;
    const section = doc - this.starts[page];
    const lengths = shards?.find((s) => doc in s.lengths)?.lengths[doc];
    return { doc, page, section, result, tier: covers ? tier(result, covers, section === 0, lengths) : 0 };
  }
}

const OPTIONS: Options = {
  fields: [...SEARCH_FIELDS],
  // Queries reach MiniSearch as terms already made by parseQuery.
  tokenize: (text) => [text],
  processTerm: (t) => t,
  searchOptions: { boost: BOOST, combineWith: 'OR', weights: { fuzzy: 0.45, prefix: 0.6 } },
};

/** A shard in MiniSearch's terms: sections by id (their position in page order, from `starts`). */
function decodeShard(shard: SearchShard, starts: number[]): LoadedShard {
  const ids: number[] = [];
  const lengths: Record<string, number[]> = {};
  let page = 0;
  for (let i = 0; i < shard.docs.length; i += DOC_ROW) {
    page += shard.docs[i];
    const doc = starts[page] + shard.docs[i + 1];
    ids.push(doc);
    lengths[doc] = shard.docs.slice(i + 2, i + DOC_ROW);
  }
  const index = shard.terms.map((t, i): [string, Fields] => {
    const fields: Fields = {};
    shard.postings[i].forEach((list, fieldId) => {
      if (!list) return;
      const counts: Record<string, number> = {};
      for (const [row, n] of decodePostings(list)) counts[ids[row]] = n;
      fields[fieldId] = counts;
    });
    return [t, fields];
  });
  return { index, lengths };
}

/** First index whose value is greater than `value` (values sorted ascending). */
function upperBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
