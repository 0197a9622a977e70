import { createContext, useContext, type ReactNode } from 'react';
import { ENGLISH, translator, type Strings, type Translate } from '../i18n/strings.js';

/**
 * The interface strings of the locale being rendered (src/i18n/strings.ts). English unless the
 * renderer provides others, so a component rendered on its own (a test) reads as before.
 */
const StringsContext = createContext<Translate>(translator(ENGLISH));

/** The translate function of the page being rendered: `t('toc.title')`. */
export const useT = (): Translate => useContext(StringsContext);

export function WithStrings({ strings, children }: { strings: Strings; children: ReactNode }) {
  return <StringsContext.Provider value={translator(strings)}>{children}</StringsContext.Provider>;
}
