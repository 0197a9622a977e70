// plugins/glossary.ts: a glossary page made from a YAML file, a check that every term is used,
// the terms as a JSON file of the site, and a search record per term.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { BuildError } from 'pagewright/config';
import type { Plugin } from 'pagewright/plugin';

interface Term {
  term: string;
  meaning: string;
}

export function glossaryPlugin(options: { file: string; route?: string }): Plugin {
  const route = options.route ?? '/glossary/';
  let terms: Term[] = [];
  const anchor = (t: Term) => t.term.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    name: 'glossary',
    async pages({ config, addPage, report }) {
      const text = await readFile(path.join(config.root, options.file), 'utf8');
      terms = (parse(text) as Term[]).sort((a, b) => a.term.localeCompare(b.term));
      if (!terms.length) report('the glossary file lists no terms', { file: options.file });
      addPage({
        route,
        title: 'Glossary',
        description: 'The words these docs use, and what each one means here.',
        markdown: terms.map((t) => `## ${t.term} {#${anchor(t)}}\n\n${t.meaning}\n`).join('\n'),
      });
    },
    checks: () => [
      {
        name: 'glossary-terms-used',
        severity: 'warning',
        run(site) {
          const bodies = site.pages.map((p) => p.title).join('\n').toLowerCase();
          return terms
            .filter((t) => !bodies.includes(t.term.toLowerCase()))
            .map((t) => new BuildError(`"${t.term}" appears in no page title`, { file: options.file }, 'remove it or write about it'));
        },
      },
    ],
    outputs: () => [{ path: 'glossary.json', contents: JSON.stringify(terms) }],
    head: ({ config }) => [{ tag: 'link', attrs: { rel: 'glossary', href: `${config.base}glossary.json` } }],
  };
}
