/**
 * Each rule said once (issue 42): a rule that many pages need lives on one page (its home), or in a partial
 * under content/_partials/ that pages include where it must appear in place; every other page links to it.
 * A restatement is a sentence (or table row) of another page that says the rule again in its own words:
 * counted here, it must stay at zero, so a writer who changes a rule changes it in one place.
 */
import { describe, expect, it } from 'vitest';
import { hasContent, readPages, statements, type Statement } from './pages.js';

const pages = hasContent ? readPages() : [];

interface Rule {
  name: string;
  /** The page that says it (relative to content/), and the anchor others link to. */
  home: string;
  anchor: string;
  /** Does a statement say the rule (links to the home are removed first, so a link's label is not a restatement)? */
  says: (text: string) => boolean;
}

const RULES: Rule[] = [
  {
    name: 'what counts as an invocation',
    home: 'pricing.md',
    anchor: 'what-an-invocation-is',
    says: (text) =>
      [
        /\binvocation is (one|an?) /i,
        /\b(is|are|counts? as|counting as|still) (an?|one) invocations?\b/i,
        /\bcounts? as invocations\b/i,
        /\b(one invocation together|together one invocation)\b/i,
        /\bcounts? (again|towards? (your|the|their)\b[^.|]*\binvocation)/i,
        /\binvocations?\b[^.|]*\bcount again\b/i,
      ].some((re) => re.test(text)),
  },
  {
    name: 'what an HTTP caller gets when no step calls ctx.respond',
    home: 'workflows/steps/http-trigger.md',
    anchor: 'custom-responses',
    says: (text) =>
      (/\b502\b/.test(text) &&
        /\brespond/i.test(text) &&
        /(in time|within|ends|fails|finishes|%\{httpResponseTimeout\}|does not respond|did not respond|no step)/i.test(
          text,
        )) ||
      /\b(ends|ended|fails|failed|finishes|finished) (first|before respond)/i.test(text) ||
      /\bor (the execution )?(ends|fails|finishes)( or (fails|finishes|ends))? first\b/i.test(text),
  },
];

/** The statement with its links to the rule's home taken out. */
function withoutLinksHome(text: string, rule: Rule): string {
  const link = new RegExp(`\\[([^\\]]*)\\]\\([^)]*${rule.home.replace(/[.]/g, '\\.')}#${rule.anchor}\\)`, 'g');
  const local = new RegExp(`\\[([^\\]]*)\\]\\(#${rule.anchor}\\)`, 'g');
  return text.replace(link, 'LINK').replace(local, 'LINK');
}

function restatements(rule: Rule): Statement[] {
  return pages
    .filter((p) => p.file !== rule.home)
    .flatMap(statements)
    .filter((s) => rule.says(withoutLinksHome(s.text, rule)));
}

describe('said-once: the restatement patterns', () => {
  it('catch the wordings pages used to repeat (they can fail)', () => {
    const [invocations, respond] = RULES as [Rule, Rule];
    for (const text of [
      'A replay also counts as an invocation.',
      'Each check is an invocation, whether or not the feed has new items.',
      'Test runs are real executions and count as invocations.',
      'its request or tick and the execution it starts are one invocation together.',
      'An invocation is one execution of a workflow or one run of an event source.',
    ])
      expect(invocations.says(text), text).toBe(true);
    for (const text of [
      'If no step responds in time, or the execution ends or fails first, the caller gets `502`.',
      '| An HTTP caller waiting for `ctx.respond` | %{httpResponseTimeout}, then `502` | Fixed |',
      "The trigger's response mode is `workflow`, and no step called `ctx.respond` within %{httpResponseTimeout}, or the execution failed or finished first.",
    ])
      expect(respond.says(text), text).toBe(true);
    // A link to the home is a pointer, not a restatement.
    expect(
      invocations.says(
        withoutLinksHome('See [what counts as an invocation](../pricing.md#what-an-invocation-is).', invocations),
      ),
    ).toBe(false);
  });
});

describe.skipIf(!hasContent)('said-once: each rule lives on its home page', () => {
  for (const rule of RULES) {
    it(`says "${rule.name}" on ${rule.home} and nowhere else`, () => {
      const home = pages.find((p) => p.file === rule.home);
      expect(home, rule.home).toBeDefined();
      expect(
        statements(home!).some((s) => rule.says(s.text)),
        `${rule.home} states the rule`,
      ).toBe(true);
      const found = restatements(rule).map((s) => `${s.file}:${s.line}  ${s.text.slice(0, 140)}`);
      expect(found, `restatements of "${rule.name}": link to ${rule.home}#${rule.anchor} instead`).toEqual([]);
    });
  }

  it('links to each home from the pages that need the rule', () => {
    for (const rule of RULES) {
      const linking = pages.filter((p) => p.body.includes(`${rule.home.split('/').pop()}#${rule.anchor}`));
      expect(linking.length, `pages linking to ${rule.home}#${rule.anchor}`).toBeGreaterThanOrEqual(5);
    }
  });
});
