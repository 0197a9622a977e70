/**
 * The runtime's interface strings: English (src/shared/ui-strings.ts), or the page's language from
 * `<meta name="docs:strings">`, which a page not in English carries (src/i18n/head.ts). Imports
 * nothing of the runtime, so the lazy search code can share it without pulling in more.
 */
import { CLIENT_STRINGS, fill, type ClientStringKey } from '../src/shared/ui-strings.js';

let own: Partial<Record<ClientStringKey, string>> | undefined;

export function text(key: ClientStringKey, values?: Record<string, string | number>): string {
  if (own === undefined) {
    try {
      own = JSON.parse(
        document.querySelector<HTMLMetaElement>('meta[name="docs:strings"]')?.content ?? '{}',
      ) as Partial<Record<ClientStringKey, string>>;
    } catch {
      own = {};
    }
  }
  const value = own[key] ?? CLIENT_STRINGS[key];
  return values ? fill(value, values) : value;
}
