import { describe, expect, it } from 'vitest';
import config from '../../docs.config.js';
import { formatConstant } from '../../src/markdown/constants.js';
import { codeBlocks, hasContent, prose, readModel, readPages, type ContentPage } from './pages.js';
import { configuredTargets } from '../../src/model/nav.js';

const pages = hasContent ? readPages() : [];
const constants = config.constants as Record<string, string | number>;

/** Lines of a page matching a pattern, as "file:line  text" for a readable failure. */
function findLines(page: ContentPage, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      pattern.test(line) ? [`${page.file}:${page.bodyLine + i}  ${line.trim().slice(0, 120)}`] : [],
    );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!hasContent)('content: the documentation keeps to the facts sheet', () => {
  it('has every page the sidebar lists', () => {
    const routes = new Set(
      pages.map((p) => `/${p.file.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '/')}`.replace(/\/+$/, '/')),
    );
    const listed = configuredTargets(config.sidebar);
    expect(listed.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('writes no limit, price, size, duration or URL of the constants literally', () => {
    const literal = Object.entries(constants)
      .map(([name, value]) => [name, formatConstant(value)] as const)
      // Values a reader would recognise as a fact: with a unit or currency, a URL, or a number in the thousands.
      .filter(([, shown]) =>
        /^\$|\d\s?(KB|MB|GB|ms|seconds?|minutes?|hours?|days?)$|^https?:\/\/|^\d{1,3}(,\d{3})+$/.test(shown),
      );
    const found: string[] = [];
    for (const page of pages) {
      const text = page.body.replace(/\]\([^)]*\)/g, ']()');
      for (const [name, shown] of literal) {
        const pattern = new RegExp(
          `(^|[^\\w%{])${escape(shown).replace(/(\d)(KB|MB|GB)/, '$1\\s?$2')}(?![\\w.]*\\})`,
          'i',
        );
        found.push(...findLines(page, text, pattern).map((l) => `${l}   (use %{${name}})`));
      }
    }
    expect(found).toEqual([]);
  });

  it("writes no URL on the product's domain literally", () => {
    const domain = new URL(String(constants.siteUrl)).hostname;
    const found = pages.flatMap((page) =>
      findLines(page, page.body, new RegExp(`https?://([\\w-]+\\.)*${escape(domain)}\\b`)),
    );
    expect(found).toEqual([]);
  });

  it("names the platform's npm packages only through their constants", () => {
    const scope = `@${String(constants.productSlug)}/`;
    const found = pages.flatMap((page) => findLines(page, page.body, new RegExp(escape(scope))));
    expect(found).toEqual([]);
  });

  it('names the product only through %{productName}', () => {
    const name = String(constants.productName);
    const found = pages.flatMap((page) =>
      findLines(page, prose(page).replace(/\]\([^)]*\)/g, ']()'), new RegExp(`\\b${escape(name)}\\b`)),
    );
    expect(found).toEqual([]);
  });

  it('gives every page a unique description under 160 characters', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const page of pages) {
      const d = String(page.data.description ?? '');
      if (d.length >= 160) problems.push(`${page.file}: description is ${d.length} characters`);
      if (seen.has(d)) problems.push(`${page.file}: same description as ${seen.get(d)}`);
      seen.set(d, page.file);
    }
    expect(problems).toEqual([]);
  });

  it('contains no placeholder text', () => {
    const found = pages.flatMap((page) =>
      findLines(page, prose(page), /\b(TODO|TBD|FIXME|lorem ipsum|coming soon)\b/i),
    );
    expect(found).toEqual([]);
  });

  it('links every page to at least two other pages', () => {
    const few = pages
      .filter((page) => new Set([...page.body.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)].map((m) => m[1])).size < 2)
      .map((p) => p.file);
    expect(few).toEqual([]);
  });
});

interface CtxMember {
  name: string;
  signature?: string;
}

describe.skipIf(!hasContent)('content: code examples use only the documented code-step API', () => {
  const model = readModel<{ ctx: CtxMember[]; legacy: { before: string } }>('code-step-api.yaml');
  const members = new Map(model.ctx.map((m) => [m.name, m.signature ?? '']));
  /** Fields of an object member from its signature (`{ id: string; name: string }`), or null when any name goes. */
  const fieldsOf = (signature: string): Set<string> | null => {
    if (/\[\w+: string\]|<\w+>/.test(signature)) return null;
    const body = /\{([^}]*)\}/.exec(signature);
    const names = new Set([...(body?.[1] ?? '').matchAll(/(\w+)\??:/g)].map((m) => m[1]));
    for (const m of signature.matchAll(/ctx\.\w+\.(\w+)/g)) names.add(m[1]);
    return names;
  };

  it('uses only ctx members the model defines', () => {
    const found: string[] = [];
    for (const page of pages) {
      for (const block of codeBlocks(page).filter((b) =>
        ['js', 'javascript', 'mjs', 'ts', 'typescript'].includes(b.lang),
      )) {
        for (const [i, line] of block.code.split('\n').entries()) {
          for (const m of line.matchAll(/\bctx\.(\w+)(?:\.(\w+))?/g)) {
            const [chain, first, second] = m;
            const one = `ctx.${first}`;
            const two = second ? `${one}.${second}` : '';
            let ok =
              members.has(two) ||
              (members.has(one) &&
                (!second ||
                  (() => {
                    const fields = fieldsOf(members.get(one)!);
                    return fields === null || fields.has(second) || /\(/.test(members.get(one)!.split(':')[0]);
                  })()));
            // A method's result, like ctx.state.get(...).then, is not a member path.
            if (!ok && second && members.has(one) && line.slice(m.index! + one.length).startsWith('(')) ok = true;
            if (!ok) found.push(`${block.file}:${block.line + 1 + i}  ${chain}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('uses the removed $-globals only on the pages about them', () => {
    const legacyNames = [...new Set([...model.legacy.before.matchAll(/\$\w+/g)].map((m) => m[0]))];
    const pattern = new RegExp(`(^|[^\\w$])(${legacyNames.map(escape).join('|')})\\b`);
    const found = pages
      .filter((p) => !/^(notebook|removed-features)\//.test(p.file))
      .flatMap((page) =>
        codeBlocks(page)
          .filter((b) => /^(js|javascript|ts|typescript)$/.test(b.lang))
          .flatMap((b) =>
            b.code
              .split('\n')
              .flatMap((line, i) => (pattern.test(line) ? [`${b.file}:${b.line + 1 + i}  ${line.trim()}`] : [])),
          ),
      );
    expect(found).toEqual([]);
  });
});

describe.skipIf(!hasContent)('content: curl examples call the REST API the OpenAPI document defines', () => {
  const openapi = readModel<{ paths: Record<string, Record<string, unknown>> }>('openapi.yaml');
  const routes = Object.entries(openapi.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => /^(get|post|put|patch|delete)$/.test(m))
      .map((method) => ({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
  );

  it('uses only paths and methods of the document', () => {
    const found: string[] = [];
    for (const page of pages) {
      for (const block of codeBlocks(page).filter((b) => /^(bash|sh|shell|console)$/.test(b.lang))) {
        const commands = block.code
          .replace(/\\\n/g, ' ')
          .split('\n')
          .filter((l) => /\bcurl\b/.test(l) && l.includes('%{apiBaseUrl}'));
        for (const command of commands) {
          const urlPath = /%\{apiBaseUrl\}(\/[^\s"'?]*)/.exec(command)?.[1] ?? '';
          const method = /-X\s+([A-Z]+)/.exec(command)?.[1] ?? (/\s(-d|--data)\b/.test(command) ? 'POST' : 'GET');
          if (!routes.some((r) => r.method === method && r.pattern.test(urlPath.replace(/\$\{?\w+\}?/g, 'x'))))
            found.push(`${block.file}:${block.line}  ${method} ${urlPath}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
