import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { checkDuplicateDescriptions } from '../../../src/checks/duplicates.js';
import { checkOrphans } from '../../../src/checks/orphans.js';
import { SiteCheckMemo } from '../../../src/checks/site-memo.js';
import { checkLinks } from '../../../src/checks/site.js';
import { Problems } from '../../../src/model/errors.js';
import { createSite, withSamePlan, type Site } from '../../../src/model/site.js';
import type { PageRecord } from '../../../src/model/page.js';
import { linkRecord, linkTo } from './harness.js';

const record = linkRecord;
const to = linkTo;

/** What a full run of the four checks finds, as text. */
function full(site: Site): string[] {
  const links = new Problems();
  checkLinks(site, links);
  return [...links.list, ...checkDuplicateDescriptions(site), ...checkOrphans(site)].map(String);
}

function memoed(memo: SiteCheckMemo, site: Site): string[] {
  memo.update(site);
  return [...memo.links(), ...memo.duplicates(site), ...memo.orphans(site)].map(String);
}

describe('checks/site-memo', () => {
  const config = { ...resolveConfig({ sidebar: [{ text: 'Start', items: ['/'] }] }, '/site'), contentDir: '/none' };
  const first = [
    record('index.md', [to('/a/'), to('/b/', 'intro')]),
    record('a.md', [to('/b/', 'setup')], ['top']),
    record('b.md', [to('/a/', 'top')], ['intro', 'setup']),
    record('c.md', [to('/c/', 'self')], ['self']),
    record('same-1.md', [to('/same-2/')]),
    record('same-2.md', [to('/same-1/')]),
  ];

  it('finds after each save what a full run finds, looking again only where the save reaches', () => {
    const memo = new SiteCheckMemo();
    const plan = createSite(config, first);
    expect(memoed(memo, plan)).toEqual(full(plan));
    expect(full(plan)).toContainEqual(expect.stringMatching(/^c\.md:1 +orphan page: \/c\//));
    expect(full(plan).filter((p) => p.includes('duplicate description'))).toHaveLength(2);

    // b.md loses the heading a.md links to: a.md, unchanged, is now wrong.
    const saves: PageRecord[][] = [];
    saves.push(first.map((p) => (p.relativePath === 'b.md' ? record('b.md', [to('/a/', 'top')], ['intro']) : p)));
    // index.md stops linking to a.md, and links to c.md: a.md stays reached (b.md), c.md is no orphan now.
    saves.push(saves[0].map((p) => (p.relativePath === 'index.md' ? record('index.md', [to('/c/')]) : p)));
    // b.md gets its heading back and stops linking to a.md: a.md is an orphan.
    saves.push(saves[1].map((p) => (p.relativePath === 'b.md' ? record('b.md', [], ['intro', 'setup']) : p)));
    let site: Site = plan;
    for (const pages of saves) {
      site = withSamePlan(site, pages);
      expect(memoed(memo, site)).toEqual(full(site));
    }
    expect(full(site)).toContainEqual(expect.stringMatching(/^a\.md:1 +orphan page: \/a\//));
  });

  it('reports a heading removed under a page that links to it, and the fix', () => {
    const memo = new SiteCheckMemo();
    const plan = createSite(config, first);
    memoed(memo, plan);
    const broken = withSamePlan(
      plan,
      first.map((p) => (p.relativePath === 'b.md' ? record('b.md', [to('/a/', 'top')], ['intro']) : p)),
    );
    expect(memoed(memo, broken).filter((p) => p.includes('missing heading'))).toEqual([
      expect.stringMatching(/^a\.md:1.*link to a missing heading: \/b\/#setup/),
    ]);
    const fixed = withSamePlan(broken, first);
    expect(memoed(memo, fixed).filter((p) => p.includes('missing heading'))).toEqual([]);
  });

  it('checks everything again for a site of another plan', () => {
    const memo = new SiteCheckMemo();
    memoed(memo, createSite(config, first));
    const other = createSite(config, [...first, record('d.md', [to('/a/', 'nowhere')])]);
    expect(memoed(memo, other)).toEqual(full(other));
  });
});
