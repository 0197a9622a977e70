/**
 * Facts of the documentation that a program can check: highlighted lines mark what changed, times
 * in examples match their time zone, a rule is worded one way, the free quotas add up, and code
 * steps are not dressed up as files.
 */
import { describe, expect, it } from 'vitest';
import config from '../../docs.config.js';
import { hasContent, readModel, readPages, type ContentPage } from './pages.js';
import {
  changedLines,
  fencedBlocks,
  highlightMismatch,
  parseHighlights,
  previousVersion,
  type FencedBlock,
} from './highlights.js';
import { configuredTargets } from '../../src/model/nav.js';

type Json = any;
const constants = config.constants as Record<string, string | number>;
const pages = hasContent ? readPages() : [];

/** Pages in reading order: the sidebar's, then the pages it does not list. */
function inReadingOrder(list: ContentPage[]): ContentPage[] {
  const route = (file: string) =>
    `/${file.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '/')}`.replace(/\/+$/, '/');
  const order = configuredTargets(config.sidebar);
  const position = (page: ContentPage) =>
    order.includes(route(page.file)) ? order.indexOf(route(page.file)) : order.length;
  return [...list].sort((a, b) => position(a) - position(b) || a.file.localeCompare(b.file));
}

describe('docs/highlights: highlighted lines are the lines that changed', () => {
  it('parses ranges and finds changed lines by a longest common subsequence', () => {
    expect(parseHighlights('title="greet" {4-6,9}')).toEqual([4, 5, 6, 9]);
    expect(changedLines(['a', 'b', '  c', 'd'], ['a', 'x', 'b', '  c', 'd', 'e'])).toEqual([2, 6]);
    // Indentation tells lines apart: the nested copy of a line is the new one.
    expect(
      changedLines(
        ['run(', '  respond(', '  });'],
        ['run(', '  if (x) {', '    respond(', '  }', '  respond(', '  });'],
      ),
    ).toEqual([2, 3, 4]);
  });

  it('reports a highlight one line off (it can fail)', () => {
    const block = (lines: string[], meta = ''): FencedBlock => ({
      file: 'x.md',
      line: 1,
      lang: 'js',
      title: 't',
      highlights: parseHighlights(meta),
      lines,
    });
    const prev = block(['a', 'b', 'c']);
    expect(highlightMismatch(prev, block(['a', 'B', 'c'], '{3}'))).toEqual({ extra: [3], missing: [2] });
    expect(highlightMismatch(prev, block(['a', 'B', '', 'c'], '{2-3}'))).toEqual({ extra: [], missing: [] });
  });

  it.skipIf(!hasContent)('holds for every highlighted block against its previous version', () => {
    const ordered = inReadingOrder(pages);
    const blocks = new Map(ordered.map((p) => [p, fencedBlocks(p)]));
    const wrong: string[] = [];
    let checked = 0;
    for (const page of ordered) {
      for (const block of blocks.get(page)!.filter((b) => b.highlights.length)) {
        const prev = previousVersion(ordered, (p) => blocks.get(p)!, block);
        if (!prev) {
          wrong.push(
            `${block.file}:${block.line}  highlights lines but has no earlier version (same title, or the block before it)`,
          );
          continue;
        }
        checked++;
        const { extra, missing } = highlightMismatch(prev, block);
        if (extra.length || missing.length)
          wrong.push(
            `${block.file}:${block.line}  against ${prev.file}:${prev.line}: unchanged but highlighted ${JSON.stringify(extra)}, changed but not highlighted ${JSON.stringify(missing)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });
});

/** Does a five-field cron expression match this local time? Numbers, `*`, ranges, lists and steps. */
function cronMatches(
  cron: string,
  local: { minute: number; hour: number; day: number; month: number; weekday: number },
): boolean {
  const fields = cron.trim().split(/\s+/);
  const values = [local.minute, local.hour, local.day, local.month, local.weekday];
  return fields.every((field, i) =>
    field.split(',').some((part) => {
      const [range, step] = part.split('/');
      const [lo, hi] =
        range === '*'
          ? [-Infinity, Infinity]
          : range!
              .split('-')
              .map(Number)
              .concat(range!.includes('-') ? [] : [Number(range)]);
      const v = values[i]!;
      return v >= lo! && v <= hi! && (!step || (v - (Number.isFinite(lo) ? lo! : 0)) % Number(step) === 0);
    }),
  );
}

/** The wall-clock time of an instant in an IANA time zone, through Intl. */
function localTime(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    day: Number(parts.day),
    month: Number(parts.month),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}

/** Schedule events in examples: JSON objects with scheduledAt, cron and timezone. */
function scheduleEvents(): { where: string; event: { scheduledAt: string; cron: string; timezone: string } }[] {
  const out: { where: string; event: Json }[] = [];
  for (const page of pages) {
    for (const block of fencedBlocks(page).filter((b) => b.lang === 'json')) {
      try {
        const value = JSON.parse(block.lines.join('\n').replace(/%\{\w+\}/g, 'x'));
        if (value?.scheduledAt && value.cron && value.timezone)
          out.push({ where: `${block.file}:${block.line}`, event: value });
      } catch {
        // Not every json block is one document; those are checked elsewhere.
      }
    }
  }
  const fields: Json[] = readModel<Json>('concepts.yaml').concepts.find((c: Json) => c.key === 'event').payloads
    .scheduleEvent.fields;
  out.push({ where: 'concepts.yaml scheduleEvent', event: Object.fromEntries(fields.map((f) => [f.name, f.example])) });
  return out;
}

describe('docs/time zones: a UTC time stated for a local time is right', () => {
  it('reads local time through Intl, summer time included', () => {
    expect(localTime('2024-06-10T08:00:00.000Z', 'Europe/London')).toMatchObject({ hour: 9, minute: 0, weekday: 1 });
    expect(localTime('2024-01-10T09:00:00.000Z', 'Europe/London')).toMatchObject({ hour: 9 });
    expect(cronMatches('0 9 * * 1-5', localTime('2024-06-10T09:00:00.000Z', 'Europe/London'))).toBe(false);
    expect(cronMatches('*/15 * * * *', { minute: 45, hour: 3, day: 1, month: 1, weekday: 0 })).toBe(true);
  });

  it.skipIf(!hasContent)(
    'gives every schedule event a scheduledAt its cron expression fires at, in its time zone',
    () => {
      const events = scheduleEvents();
      expect(events.length).toBeGreaterThan(1);
      const wrong = events
        .filter(({ event }) => !cronMatches(event.cron, localTime(event.scheduledAt, event.timezone)))
        .map(
          ({ where, event }) =>
            `${where}  ${event.scheduledAt} is ${JSON.stringify(localTime(event.scheduledAt, event.timezone))} in ${event.timezone}, not "${event.cron}"`,
        );
      expect(wrong).toEqual([]);
    },
  );
});

describe('docs/wording: a rule is written one way', () => {
  const RETRY = /%\{(\w+RetryAttempts)\}/g;
  /** "retried up to %{x} times", or "retries it up to %{x} times": the count is of retries, never of attempts. */
  const ONE_WAY = /\bretr(?:ied|ies(?: \w+)?) up to %\{\w+RetryAttempts\} times\b/gi;
  const offenders = (text: string) => {
    const flat = text.replace(/\s+/g, ' ');
    const allowed = new Set([...flat.matchAll(ONE_WAY)].map((m) => m.index! + m[0].indexOf('%{')));
    return [...flat.matchAll(RETRY)]
      .filter((m) => !allowed.has(m.index!))
      .map((m) => flat.slice(Math.max(0, m.index! - 40), m.index! + 40));
  };

  it('tells the wordings apart', () => {
    expect(offenders('A delivery is retried up to %{webhookRetryAttempts} times.')).toEqual([]);
    expect(offenders('It retries it up to\n  %{destinationRetryAttempts} times.')).toEqual([]);
    expect(offenders('| off | %{autoRetryAttempts} attempts |')).toHaveLength(1);
  });

  it.skipIf(!hasContent)('counts retries as "retried up to N times" on every page and in the models', () => {
    const found: string[] = [];
    for (const page of pages) found.push(...offenders(page.body).map((s) => `${page.file}: …${s}…`));
    for (const file of [
      'concepts.yaml',
      'openapi.yaml',
      'code-step-api.yaml',
      'component-api.yaml',
      'cli.yaml',
      'sse.yaml',
    ]) {
      const text: string[] = [];
      JSON.stringify(readModel(file), (_k, v) => (typeof v === 'string' && text.push(v), v));
      found.push(...offenders(text.join('\n')).map((s) => `_model/${file}: …${s}…`));
    }
    expect(found).toEqual([]);
  });
});

describe('docs/pricing: the free quotas add up', () => {
  it('makes each daily cap the monthly amount divided by 30, so only a 31-day month reaches the monthly amount', () => {
    for (const [daily, monthly] of [
      ['dailyInvocationsLimit', 'freeMonthlyInvocations'],
      ['freeOrgDailyInvocationsLimit', 'freeOrgMonthlyInvocations'],
    ] as const) {
      const d = Number(constants[daily]);
      const m = Number(constants[monthly]);
      expect(d, `${daily} = floor(${monthly} / 30)`).toBe(Math.floor(m / 30));
      expect(d * 31, `${daily} x 31 reaches ${monthly}`).toBeGreaterThanOrEqual(m);
    }
  });
});

describe.skipIf(!hasContent)('docs/code blocks: a code step is named, not a file', () => {
  it('titles code-step examples with the step name, never a path', () => {
    const found = pages.flatMap((page) =>
      fencedBlocks(page)
        .filter(
          (b) =>
            /^(js|javascript|ts|typescript)$/.test(b.lang) && b.title && b.lines.some((l) => /\bdefineStep\(/.test(l)),
        )
        .filter((b) => /[/\\]|\.(m?js|ts)$/.test(b.title!))
        .map((b) => `${b.file}:${b.line}  title="${b.title}"`),
    );
    expect(found).toEqual([]);
  });
});

describe.skipIf(!hasContent)('docs/openings: a page starts with what the reader can do', () => {
  it('never opens with "This page explains..."', () => {
    const found = pages
      .filter((page) =>
        /\bThis page (explains|covers|lists|describes|shows|gives|is|collects|suggests|defines|maps)\b/.test(
          page.body.trim().split(/\n\s*\n/)[0]!,
        ),
      )
      .map((page) => page.file);
    expect(found).toEqual([]);
  });

  /** Openings that announce the page instead of starting on the reader's task. */
  const TEMPLATE =
    /\b(In this (tutorial|recipe|guide|example|walkthrough|section)|This (tutorial|recipe|walkthrough|example) (shows|puts|is|turns|posts|emails|collects|calls|covers|walks)|This guide (covers|explains|shows|walks))\b/;

  it('tells a template opening from a task (it can fail)', () => {
    expect(TEMPLATE.test('In this tutorial you build the smallest useful workflow.')).toBe(true);
    expect(TEMPLATE.test('This recipe posts a message to a Slack channel.')).toBe(true);
    expect(TEMPLATE.test('Connect Zoom to create meetings. This guide covers the connection and the errors.')).toBe(
      true,
    );
    expect(TEMPLATE.test('Build the smallest useful workflow: a URL that answers every request.')).toBe(false);
  });

  it('never opens with "In this tutorial", "This recipe" or "This guide covers"', () => {
    const found = pages
      .filter((page) =>
        TEMPLATE.test(
          page.body
            .trim()
            .split(/\n\s*\n/)[0]!
            .replace(/\s+/g, ' '),
        ),
      )
      .map((page) => page.file);
    expect(found).toEqual([]);
  });
});
