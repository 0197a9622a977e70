import { cp, mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './site.js';

/**
 * The differential guard's site and edits (test/integration/build/differential.test.ts against
 * incremental builds, test/integration/dev/differential.test.ts against `dev`): a copy of the
 * versions-i18n fixture with a plugin, a stylesheet, a logo, social links and an override, and
 * one function per kind of input that edits it. Each edit leaves a valid site.
 */

/** mulberry32: a small seeded generator, so that a seed replays the same edits. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof random>;

const FIXTURE = path.join(REPO, 'test/fixtures/versions-i18n');

/** The fixture's configuration as data, edited by the steps and written as `docs.config.ts` with a plugin beside it. */
export interface SiteState {
  config: Record<string, unknown> & { constants: Record<string, string>; redirects: { from: string; to: string }[] };
  /** Pages this run added (content-relative paths): only these are renamed or deleted, so no link breaks. */
  added: string[];
  counter: number;
}

const PLUGIN = `
import { readFileSync } from 'node:fs';
import path from 'node:path';
const widgets = {
  name: 'widgets',
  pages({ config, addPage }) {
    for (const name of JSON.parse(readFileSync(path.join(config.contentDir, '_widgets.json'), 'utf8')))
      addPage({ route: '/widgets/' + name.toLowerCase() + '/', title: name, description: 'The ' + name + ' widget.',
        markdown: 'The ' + name + ' widget, on Node.js %{node}.' });
  },
};
`;

async function writeConfig(root: string, state: SiteState) {
  const text = `${PLUGIN}\nexport default { ...${JSON.stringify(state.config, null, 2)}, plugins: [widgets] };\n`;
  await writeFile(path.join(root, 'docs.config.ts'), text);
}

const FOOTER = (credit: string) =>
  `export default function Footer({ Default, links, text }) {\n  return <Default links={links} text={(text ?? '') + ' ${credit}'} />;\n}\n`;

export async function makeSite(): Promise<{ root: string; state: SiteState }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docs-diff-'));
  await cp(FIXTURE, root, { recursive: true });
  const config = (await import(path.join(FIXTURE, 'docs.config.ts'))).default as SiteState['config'];
  const state: SiteState = {
    config: {
      ...structuredClone(config),
      customCss: ['styles/brand.css'],
      themeDir: 'theme',
      footer: { text: 'Acme docs.', links: [{ text: 'Status', link: 'https://status.acme.example' }] },
      logo: { src: 'styles/logo.svg' },
      social: [{ icon: 'github', link: 'https://github.com/acme/docs' }],
    },
    added: [],
    counter: 0,
  };
  await mkdir(path.join(root, 'styles'));
  await writeFile(path.join(root, 'styles/brand.css'), ':root { --brand: #0a7; }\n');
  await writeFile(path.join(root, 'styles/logo.svg'), LOGO('#0a7'));
  await mkdir(path.join(root, 'theme'));
  await writeFile(path.join(root, 'theme/Footer.tsx'), FOOTER('Written by the team.'));
  await writeFile(path.join(root, 'content/_widgets.json'), JSON.stringify(['Gear', 'Spring']));
  await writeFile(path.join(root, 'content/guide/_folder.yml'), 'label: Guide pages\n');
  await writeConfig(root, state);
  return { root, state };
}

const LOGO = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10" fill="${fill}"/></svg>\n`;

const page = (title: string, body: string, more = '') =>
  `---\ntitle: ${title}\ndescription: About ${title.toLowerCase()}.\n${more}---\n\n${body}\n`;

async function edit(file: string, change: (text: string) => string) {
  const text = await readFile(file, 'utf8');
  const next = change(text);
  await writeFile(file, next === text ? `${text}\n` : next);
}

/** One kind of edit: what it changes, applied to the project at `root`. Each leaves a valid site. */
export type Edit = (root: string, state: SiteState, r: Random) => Promise<string>;

const CONTENT_PAGES = ['index.md', 'guide/setup.md', 'guide/workflows.md', 'ar/index.md', 'ar/guide/setup.md'];
const word = (r: Random) => r.pick(['alpha', 'bravo', 'cedar', 'delta', 'ember', 'fjord', 'gamma', 'harbor']);

export const EDITS: Record<string, Edit> = {
  async pageText(root, _s, r) {
    const file = r.pick(CONTENT_PAGES);
    await edit(path.join(root, 'content', file), (t) => `${t}\nA sentence about ${word(r)}.\n`);
    return `text of ${file}`;
  },
  async title(root, _s, r) {
    const file = r.pick(CONTENT_PAGES);
    await edit(path.join(root, 'content', file), (t) =>
      t.replace(/^title: (.*)$/m, (_m, v) => `title: ${v} ${word(r)}`),
    );
    return `title of ${file}`;
  },
  async description(root, _s, r) {
    const file = r.pick(CONTENT_PAGES);
    await edit(path.join(root, 'content', file), (t) =>
      t.replace(/^description: (.*)\.$/m, (_m, v) => `description: ${v} and ${word(r)}.`),
    );
    return `description of ${file}`;
  },
  async order(root, _s, r) {
    const file = r.pick(['guide/setup.md', 'guide/workflows.md']);
    await edit(path.join(root, 'content', file), (t) =>
      t.replace(/^order: \d+\n/m, '').replace(/^title:/m, `order: ${r.int(5)}\ntitle:`),
    );
    return `order of ${file}`;
  },
  async linkedHeading(root, state, r) {
    // A heading that another page links to: renamed together with the link.
    const id = `${word(r)}-${++state.counter}`;
    const file = path.join(root, 'content/guide/workflows.md');
    await edit(file, (t) => t.replace(/\n## [^\n]*\n[\s\S]*$/, '') + `\n## Section ${id}\n\nText.\n`);
    await edit(path.join(root, 'content/index.md'), (t) =>
      t
        .replace(/ See \[the section\]\([^)]*\)\./, '')
        .replace(/\n*$/, ` See [the section](guide/workflows.md#section-${id}).\n`),
    );
    return `heading linked from another page (#section-${id})`;
  },
  async partial(root, _s, r) {
    await edit(path.join(root, 'content/_partials/note.md'), (t) => `${t.trimEnd()} Also ${word(r)}.\n`);
    return 'partial';
  },
  async constant(root, state, r) {
    state.config.constants.node = String(18 + r.int(8));
    await writeConfig(root, state);
    return `constant node=${state.config.constants.node}`;
  },
  async siteTitle(root, state, r) {
    state.config.title = `Acme ${word(r)} Docs`;
    await writeConfig(root, state);
    return `site title ${state.config.title}`;
  },
  async editLink(root, state, r) {
    state.config.editLink = { pattern: `https://git.example/acme/${word(r)}/edit/main/content/:path` };
    await writeConfig(root, state);
    return 'edit link pattern';
  },
  async footer(root, state, r) {
    state.config.footer = {
      text: `Acme ${word(r)}.`,
      links: [{ text: 'Status', link: 'https://status.acme.example' }],
    };
    await writeConfig(root, state);
    return 'footer text';
  },
  async banner(root, state, r) {
    state.config.banner = r.int(3) === 0 ? undefined : { id: `b-${word(r)}`, text: `News about ${word(r)}.` };
    await writeConfig(root, state);
    return 'banner';
  },
  async redirect(root, state, r) {
    const from = `/old-${word(r)}-${++state.counter}`;
    state.config.redirects = [...state.config.redirects.slice(-2), { from, to: r.pick(['/guide/setup/', '/']) }];
    await writeConfig(root, state);
    return `redirect ${from}`;
  },
  async sidebar(root, state, r) {
    const sidebar = state.config.sidebar as { text: string; collapsed?: boolean; items: string[] }[];
    sidebar[1] = { ...sidebar[1]!, text: `More ${word(r)}`, collapsed: r.int(2) === 0 };
    await writeConfig(root, state);
    return `sidebar group ${sidebar[1].text}`;
  },
  async folderLabel(root, _s, r) {
    await writeFile(path.join(root, 'content/guide/_folder.yml'), `label: Guide ${word(r)}\norder: ${r.int(4)}\n`);
    return 'folder label';
  },
  async customCss(root, _s, r) {
    await writeFile(
      path.join(root, 'styles/brand.css'),
      `:root { --brand: #${r.int(0xffffff).toString(16).padStart(6, '0')}; }\n`,
    );
    return 'custom CSS';
  },
  async logo(root, _s, r) {
    await writeFile(path.join(root, 'styles/logo.svg'), LOGO(`#${r.int(0xffffff).toString(16).padStart(6, '0')}`));
    return 'logo';
  },
  async social(root, state, r) {
    const icon = r.pick(['github', 'discord', 'mastodon', 'gitlab']);
    state.config.social = [{ icon, link: `https://${icon}.example/acme` }];
    await writeConfig(root, state);
    return `social icon ${icon}`;
  },
  async runtime(root, state, r) {
    // Embedded in the client bundle (the scroll-spy's throttle), not in the pages' HTML.
    state.config.runtime = { scrollThrottleMs: 100 + 50 * r.int(8) };
    await writeConfig(root, state);
    return `runtime.scrollThrottleMs ${(state.config.runtime as { scrollThrottleMs: number }).scrollThrottleMs}`;
  },
  async override(root, _s, r) {
    await writeFile(path.join(root, 'theme/Footer.tsx'), FOOTER(`Written by ${word(r)}.`));
    return 'layout override';
  },
  async pluginData(root, _s, r) {
    const names = ['Gear', 'Spring', 'Lever', 'Pulley'].filter(() => r.int(2) === 0);
    await writeFile(path.join(root, 'content/_widgets.json'), JSON.stringify(names.length ? names : ['Gear']));
    return `plugin data ${names.join(',')}`;
  },
  async versionPage(root, _s, r) {
    const file = r.pick(['index.md', 'guide/jobs.md', 'ar/index.md']);
    await edit(path.join(root, 'versions/1.0/content', file), (t) => `${t}\nVersion 1.0 notes on ${word(r)}.\n`);
    return `version 1.0 page ${file}`;
  },
  async slug(root, state, r) {
    // Docusaurus's `slug` on 1.0's setup page, which 1.0's home links to: their links, the menus and its entry in
    // sidebar.json (rewritten with it, as a writer would) follow; or back to the file's path.
    const n = ++state.counter;
    const slug = r.pick([null, `/setup-${n}`, `install-${n}`]);
    const route = slug === null ? '/guide/setup/' : slug.startsWith('/') ? `${slug}/` : `/guide/${slug}/`;
    await edit(path.join(root, 'versions/1.0/content/guide/setup.md'), (t) =>
      t.replace(/^slug: .*\n/m, '').replace(/^title:/m, slug === null ? 'title:' : `slug: ${slug}\ntitle:`),
    );
    const sidebarFile = path.join(root, 'versions/1.0/sidebar.json');
    const sidebar = JSON.parse(await readFile(sidebarFile, 'utf8')) as Record<string, { items: string[] }[]>;
    sidebar['/']![0]!.items[1] = route;
    await writeFile(sidebarFile, `${JSON.stringify(sidebar, null, 2)}\n`);
    return `slug of 1.0's guide/setup.md: ${slug ?? 'none'}`;
  },
  async versionConstants(root, _s, r) {
    await writeFile(path.join(root, 'versions/1.0/constants.json'), JSON.stringify({ node: String(14 + r.int(4)) }));
    return 'version 1.0 constants';
  },
  async localePage(root, _s, r) {
    await edit(path.join(root, 'content/ar/guide/setup.md'), (t) => `${t}\nملاحظة ${r.int(100)}.\n`);
    return 'locale page ar/guide/setup.md';
  },
  async addPage(root, state, r) {
    const file = `guide/extra-${++state.counter}.md`;
    await writeFile(
      path.join(root, 'content', file),
      page(`Extra ${word(r)} ${state.counter}`, 'Back to [setup](setup.md).'),
    );
    state.added.push(file);
    return `added ${file}`;
  },
  async deletePage(root, state, r) {
    if (!state.added.length) return EDITS.addPage!(root, state, r);
    const file = state.added.splice(r.int(state.added.length), 1)[0]!;
    await rm(path.join(root, 'content', file));
    return `deleted ${file}`;
  },
  async renamePage(root, state, r) {
    if (!state.added.length) return EDITS.addPage!(root, state, r);
    const i = r.int(state.added.length);
    const to = `guide/renamed-${++state.counter}.md`;
    await rename(path.join(root, 'content', state.added[i]!), path.join(root, 'content', to));
    const from = state.added[i]!;
    state.added[i] = to;
    return `renamed ${from} to ${to}`;
  },
  async touch(root, _s, r) {
    const file = path.join(root, 'content', r.pick(CONTENT_PAGES));
    const later = new Date(Date.now() + 1000 * (1 + r.int(100)));
    await utimes(file, later, later);
    return `touched ${path.relative(root, file)}`;
  },
};

/** Every kind in turn, in a shuffled order each round: a run of at least as many steps as kinds edits each kind. */
export function kindsInTurn(r: Random): () => string {
  const queue: string[] = [];
  return () => {
    if (!queue.length) {
      const kinds = Object.keys(EDITS);
      while (kinds.length) queue.push(kinds.splice(r.int(kinds.length), 1)[0]!);
    }
    return queue.shift()!;
  };
}

/** The project copied without its output or caches, as a fresh checkout has it. */
export async function coldCopy(root: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docs-diff-cold-'));
  await cp(root, copy, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !/[/\\](node_modules|dist|\.dist\.builds)$/.test(source),
  });
  return copy;
}
