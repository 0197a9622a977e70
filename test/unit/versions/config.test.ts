import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { BuildFailure } from '../../../src/model/errors.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A project folder with content/ and the given snapshots (versions/<name>/content/) and files. */
function project(snapshots: string[], files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docs-versions-'));
  roots.push(root);
  mkdirSync(path.join(root, 'content'));
  for (const name of snapshots) mkdirSync(path.join(root, 'versions', name, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  return root;
}

const messages = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof BuildFailure) return error.problems.map((e) => `${e.message} | ${e.fix}`);
    throw error;
  }
  throw new Error('no failure');
};

describe('versions in the configuration', () => {
  it('leaves an unversioned site without versions', () => {
    expect(resolveConfig({}, project([])).versions).toBeUndefined();
  });

  it('serves content/ as the current version and the snapshots at their names, older ones from versions.json', () => {
    const root = project(['2.0', '1.0'], {
      'versions.json': '["2.0", "1.0"]',
      'versions/2.0/constants.json': '{"node": "18"}',
    });
    const { versions } = resolveConfig({ versions: { current: { name: '3.0', label: 'v3 (latest)' } } }, root);
    expect(versions!.map((v) => [v.name, v.key, v.kind, v.label, path.relative(root, v.contentDir)])).toEqual([
      ['3.0', '', 'current', 'v3 (latest)', 'content'],
      ['2.0', '2.0', 'older', '2.0', path.join('versions', '2.0', 'content')],
      ['1.0', '1.0', 'older', '1.0', path.join('versions', '1.0', 'content')],
    ]);
    expect(versions![1].constants).toEqual({ node: '18' });
  });

  it('with "next", serves content/ at /next/ and the current version from its snapshot', () => {
    const root = project(['2.0']);
    const { versions } = resolveConfig(
      { versions: { current: { name: '2.0' }, older: [{ name: '2.0', label: 'v2' }], next: {} } },
      root,
    );
    expect(versions!.map((v) => [v.key, v.kind, path.relative(root, v.contentDir)])).toEqual([
      ['', 'current', path.join('versions', '2.0', 'content')],
      ['next', 'next', 'content'],
    ]);
  });

  it('explains a missing snapshot, a clash with the current name or a locale, and a bad versions.json', () => {
    expect(
      messages(() => resolveConfig({ versions: { current: { name: '2.0' }, older: ['1.0'] } }, project([]))),
    ).toEqual([
      expect.stringMatching(
        /version "1.0" has no content: versions\/1.0\/content does not exist \| snapshot it with `docs version 1.0`/,
      ),
    ]);
    expect(
      messages(() => resolveConfig({ versions: { current: { name: '2.0' }, older: ['2.0'] } }, project(['2.0']))),
    ).toEqual([expect.stringMatching(/has the current version's name \| set "versions.current.name"/)]);
    expect(
      messages(() =>
        resolveConfig(
          {
            locales: { root: { label: 'English' }, de: { label: 'Deutsch' } },
            versions: { current: { name: '2.0' }, older: ['de'] },
          },
          project(['de']),
        ),
      ),
    ).toEqual([expect.stringMatching(/version "de" has the name of a locale/)]);
    expect(
      messages(() =>
        resolveConfig({ versions: { current: { name: '2.0' } } }, project([], { 'versions.json': '{"1.0": true}' })),
      ),
    ).toEqual([expect.stringMatching(/versions.json is not a list of version names/)]);
    expect(messages(() => resolveConfig({ versions: { current: { name: '2 0' } } }, project([])))).toEqual([
      expect.stringMatching(/"versions.current.name": .*version name/),
    ]);
  });
});
