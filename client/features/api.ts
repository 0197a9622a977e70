/**
 * The API reference's try-it panels (the `api` feature: only reference pages import this module).
 * src/content/openapi.ts leaves a placeholder a operation, `<div class="api-try" data-api-try="{...}">`,
 * with what a request needs: method, path, server, parameters, the authentication header, a body.
 * Each becomes a closed `<details>` with a form: a labelled field a parameter, the API key (kept in
 * sessionStorage for this tab only, sent as a header, never in a URL), the JSON body; its answer
 * (status, headers, body) is shown below it and announced.
 */

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  type: string;
  enum?: unknown[];
  default?: unknown;
}

interface TryIt {
  method: string;
  path: string;
  server: string;
  params: Param[];
  auth?: { header: string; prefix: string };
  body?: string;
}

const KEY_STORE = 'docs-api-key:';
/** A request sent from a page whose policy did not allow the API yet: the form, kept across the reload that fixes it. */
const PENDING = 'docs-api-pending';
let ids = 0;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function storedKey(origin: string): string {
  try {
    return sessionStorage.getItem(KEY_STORE + origin) ?? '';
  } catch {
    return '';
  }
}

function storeKey(origin: string, key: string): void {
  try {
    if (key) sessionStorage.setItem(KEY_STORE + origin, key);
    else sessionStorage.removeItem(KEY_STORE + origin);
  } catch {
    // Storage refused (private mode, a policy): the key lives in the field only.
  }
}

/** Whether this document's policy lets it send requests to `origin` (the page it was loaded as narrows `connect-src`). */
function allowed(origin: string): boolean {
  const policy = document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]')?.content;
  return !policy || policy.split(/\s+/).includes(origin);
}

function field(param: Param, id: string): HTMLElement {
  const label = el(
    'label',
    { for: id },
    param.name,
    ...(param.required ? [el('span', { class: 'api-try-req' }, ' (required)')] : []),
  );
  const hint = el('span', { class: 'api-try-hint', id: `${id}-hint` }, param.type);
  const common = { id, name: param.name, 'aria-describedby': `${id}-hint`, 'data-in': param.in };
  let input: HTMLInputElement | HTMLSelectElement;
  if (param.enum) {
    input = el(
      'select',
      common,
      ...(param.required ? [] : [el('option', { value: '' }, '(not sent)')]),
      ...param.enum.map((v) => el('option', { value: text(v) }, text(v))),
    );
    if (param.default !== undefined) input.value = text(param.default);
  } else {
    input = el('input', { ...common, type: 'text', autocomplete: 'off', spellcheck: 'false' });
    if (param.default !== undefined) input.placeholder = text(param.default);
  }
  if (param.required) input.setAttribute('aria-required', 'true');
  return el('div', { class: 'api-try-field' }, label, input, hint);
}

function build(holder: HTMLElement): void {
  let spec: TryIt;
  try {
    spec = JSON.parse(holder.dataset.apiTry ?? '') as TryIt;
  } catch {
    return;
  }
  const origin = new URL(spec.server).origin;
  const n = ++ids;
  const form = el('form', { class: 'api-try-form', novalidate: '' });
  const groups: [string, Param[]][] = [
    ['Path parameters', spec.params.filter((p) => p.in === 'path')],
    ['Query parameters', spec.params.filter((p) => p.in === 'query')],
    ['Headers', spec.params.filter((p) => p.in === 'header')],
  ];
  if (spec.auth) {
    const id = `api-try-${n}-key`;
    const key = el('input', {
      id,
      type: 'password',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': `${id}-hint`,
      'data-key': '',
    });
    key.value = storedKey(origin);
    key.addEventListener('input', () => storeKey(origin, key.value.trim()));
    form.append(
      el(
        'fieldset',
        {},
        el('legend', {}, 'Authentication'),
        el(
          'div',
          { class: 'api-try-field' },
          el('label', { for: id }, 'API key'),
          key,
          el(
            'span',
            { class: 'api-try-hint', id: `${id}-hint` },
            `Sent as the ${spec.auth.header} header. Kept in this tab only, until you close it.`,
          ),
        ),
      ),
    );
  }
  groups.forEach(([legend, params], g) => {
    if (params.length)
      form.append(
        el('fieldset', {}, el('legend', {}, legend), ...params.map((p, i) => field(p, `api-try-${n}-${g}-${i}`))),
      );
  });
  let body: HTMLTextAreaElement | undefined;
  if (spec.body !== undefined) {
    const id = `api-try-${n}-body`;
    body = el('textarea', {
      id,
      rows: String(Math.min(14, spec.body.split('\n').length + 1)),
      spellcheck: 'false',
      'aria-describedby': `${id}-hint`,
    });
    body.value = spec.body;
    form.append(
      el(
        'div',
        { class: 'api-try-field' },
        el('label', { for: id }, 'Request body'),
        body,
        el('span', { class: 'api-try-hint', id: `${id}-hint` }, 'JSON, sent with Content-Type: application/json.'),
      ),
    );
  }
  const send = el('button', { type: 'submit', class: 'api-try-send' }, `Send ${spec.method} request`);
  const status = el('p', { class: 'api-try-status', role: 'status' });
  const result = el('div', { class: 'api-try-result' });
  form.append(send, status);
  const panel = el(
    'details',
    { class: 'api-try-panel' },
    el('summary', {}, `Try it: ${spec.method} ${spec.path}`),
    form,
    result,
  );
  holder.replaceChildren(panel);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const bad of form.querySelectorAll('[aria-invalid]')) bad.removeAttribute('aria-invalid');
    const fail = (message: string, at?: HTMLElement) => {
      status.textContent = message;
      if (at) {
        at.setAttribute('aria-invalid', 'true');
        at.focus();
      }
    };
    let path = spec.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-in]')) {
      const value = input.value.trim();
      const param = spec.params.find((p) => p.name === input.name && p.in === input.dataset.in)!;
      if (!value) {
        if (param.required) return fail(`${param.name} is required.`, input);
        continue;
      }
      if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(value));
      else if (param.in === 'query') query.append(param.name, value);
      else headers[param.name] = value;
    }
    const key = form.querySelector<HTMLInputElement>('[data-key]')?.value.trim();
    if (spec.auth && key) headers[spec.auth.header] = spec.auth.prefix + key;
    let payload: string | undefined;
    if (body) {
      try {
        payload = JSON.stringify(JSON.parse(body.value));
      } catch (error) {
        return fail(`The request body is not JSON: ${(error as Error).message}`, body);
      }
      headers['Content-Type'] = 'application/json';
    }
    if (!allowed(origin)) {
      // Entered from a page whose policy does not reach the API: this page, loaded as itself, does. The form comes back.
      const values = [...form.querySelectorAll<HTMLInputElement>('[data-in], textarea')].map((i) => i.value);
      try {
        sessionStorage.setItem(PENDING, JSON.stringify({ route: location.pathname, op: n, values }));
      } catch {
        /* the reload still fixes the policy; the form starts again */
      }
      location.reload();
      return;
    }
    const url = `${spec.server.replace(/\/$/, '')}${path}${query.toString() ? `?${query}` : ''}`;
    send.disabled = true;
    status.textContent = `Sending ${spec.method} ${url}…`;
    result.replaceChildren();
    try {
      const response = await fetch(url, {
        method: spec.method,
        headers,
        body: payload,
        credentials: 'omit',
        cache: 'no-store',
      });
      const raw = await response.text();
      let shown = raw;
      try {
        shown = JSON.stringify(JSON.parse(raw), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      const lines = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      const summary = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      result.replaceChildren(
        el('h4', {}, 'Response'),
        el('p', {}, 'Status: ', el('strong', { class: 'api-try-code' }, summary)),
        el(
          'details',
          {},
          el('summary', {}, 'Headers'),
          el('pre', { tabindex: '0', 'aria-label': 'Response headers' }, el('code', {}, lines)),
        ),
        el(
          'pre',
          { class: 'api-try-body', tabindex: '0', 'aria-label': 'Response body' },
          el('code', {}, shown || '(empty body)'),
        ),
      );
      status.textContent = `Response: ${summary}.`;
    } catch (error) {
      status.textContent = `The request failed before an answer came: ${(error as Error).message}. The API must allow requests from this site (CORS), and the network must reach ${origin}.`;
    } finally {
      send.disabled = false;
    }
  });
}

/** Restores a form sent just before the reload that let the page reach its API. */
function restorePending(holders: HTMLElement[]): void {
  let pending: { route: string; op: number; values: string[] } | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null');
    sessionStorage.removeItem(PENDING);
  } catch {
    return;
  }
  if (!pending || pending.route !== location.pathname) return;
  const panel = holders[pending.op - 1]?.querySelector('details');
  if (!panel) return;
  panel.open = true;
  const inputs = panel.querySelectorAll<HTMLInputElement>('[data-in], textarea');
  inputs.forEach((input, i) => (input.value = pending!.values[i] ?? input.value));
  panel.querySelector<HTMLElement>('.api-try-status')!.textContent =
    'This page was loaded again to reach the API. Send the request again.';
  panel.querySelector<HTMLButtonElement>('.api-try-send')!.focus();
}

function init(): void {
  ids = 0;
  const holders = [...document.querySelectorAll<HTMLElement>('main .api-try[data-api-try]')];
  for (const holder of holders) build(holder);
  restorePending(holders);
}

init();
document.addEventListener('docs:navigated', (event) => {
  if (!(event as CustomEvent<{ samePage?: boolean }>).detail?.samePage) init();
});
