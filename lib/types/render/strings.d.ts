import { type ReactNode } from 'react';
import { type Strings, type Translate } from '../i18n/strings.js';
/** The translate function of the page being rendered: `t('toc.title')`. */
export declare const useT: () => Translate;
export declare function WithStrings({ strings, children }: {
    strings: Strings;
    children: ReactNode;
}): import("react").JSX.Element;
