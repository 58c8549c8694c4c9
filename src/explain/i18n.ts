/**
 * Translation: one i18next instance with the English and Korean resources, initialised
 * synchronously at import (the resources are bundled, nothing is loaded at run time).
 */
import i18next, { type TFunction } from 'i18next';
import type { FactValue } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { en } from './locales/en.js';
import { ko } from './locales/ko.js';

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, ko: { translation: ko } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** A translate function bound to one locale. */
export interface Translator {
  locale: Locale;
  /** Translate `key` with `params`; lists are joined for the locale. */
  t(key: string, params?: Record<string, FactValue | undefined>): string;
  /** Whether `key` has a text in this locale (or English). */
  has(key: string): boolean;
  /** Join a list for this locale ("a, b and c" / "a, b, c"); "none" when empty. */
  list(items: readonly string[]): string;
}

/**
 * A translator for one locale.
 * @param locale - `en` or `ko`
 */
export function translator(locale: Locale): Translator {
  const t: TFunction = instance.getFixedT(locale);
  const list = (items: readonly string[]): string => {
    if (items.length === 0) return t('list.none');
    if (locale === 'ko' || items.length === 1) return items.join(', ');
    return `${items.slice(0, -1).join(', ')} ${t('list.and')} ${items[items.length - 1]}`;
  };
  return {
    locale,
    t(key, params = {}) {
      const flat: Record<string, string | number | boolean | null> = {};
      for (const [k, v] of Object.entries(params)) {
        if (v === undefined) continue;
        flat[k] = Array.isArray(v) ? list(v as readonly string[]) : (v as string | number | boolean | null);
      }
      return t(key, flat);
    },
    has: (key) => instance.exists(key, { lng: locale }),
    list,
  };
}
