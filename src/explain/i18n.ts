/**
 * Translation: one i18next instance with the English and Korean resources, initialised
 * synchronously at import (the resources are bundled, nothing is loaded at run time).
 */
import i18next, { type TFunction } from 'i18next';
import type { FactValue } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { en } from './locales/en.js';
import { enMaintenance } from './locales/en-maintenance.js';
import { enMaintenancePlan } from './locales/en-maintenance-plan.js';
import { enMultiNode } from './locales/en-multi-node.js';
import { enVerdict } from './locales/en-verdict.js';
import { enReport } from './locales/en-report.js';
import { enWhatIf } from './locales/en-what-if.js';
import { ko } from './locales/ko.js';
import { koMaintenance } from './locales/ko-maintenance.js';
import { koMaintenancePlan } from './locales/ko-maintenance-plan.js';
import { koMultiNode } from './locales/ko-multi-node.js';
import { koVerdict } from './locales/ko-verdict.js';
import { koReport } from './locales/ko-report.js';
import { koWhatIf } from './locales/ko-what-if.js';

/** Two levels of texts (`<check>.<variant>`) merged: a check's variants in `extra` join those in `base`. */
function mergeChecks(base: object, extra: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [check, variants] of Object.entries(extra)) {
    const had = out[check];
    out[check] =
      typeof had === 'object' && had !== null && typeof variants === 'object'
        ? { ...had, ...(variants as object) }
        : variants;
  }
  return out;
}

/** The `checks` and `advice` of a base locale with those of the checks beyond the first checklist (./locales/*-verdict.ts) added. */
function withChecks(
  base: { checks: object; advice: object },
  extra: { checks: object; advice: object },
): { checks: object; advice: object } {
  return { checks: mergeChecks(base.checks, extra.checks), advice: mergeChecks(base.advice, extra.advice) };
}

const instance = i18next.createInstance();
void instance.init({
  // The what-if texts live in their own files, under `whatIf`; maintenance under
  // `maintenance`; several-node questions under `multiNode`; the daily report under `report`.
  resources: {
    en: {
      translation: {
        ...en,
        ...withChecks(en, enVerdict),
        whatIf: enWhatIf,
        maintenance: enMaintenance,
        maintenancePlan: enMaintenancePlan,
        multiNode: enMultiNode,
        report: enReport,
      },
    },
    ko: {
      translation: {
        ...ko,
        ...withChecks(ko, koVerdict),
        whatIf: koWhatIf,
        maintenance: koMaintenance,
        maintenancePlan: koMaintenancePlan,
        multiNode: koMultiNode,
        report: koReport,
      },
    },
  },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Digits whose Korean reading ends in a consonant (영, 일, 삼, 육, 칠, 팔). */
const DIGIT_BATCHIM = new Set(['0', '1', '3', '6', '7', '8']);
/** Latin letters read with a final consonant (엘, 엠, 엔); names ending in -er/-or read as a vowel (마스터). */
const LATIN_BATCHIM = new Set(['l', 'm', 'n']);

/**
 * Whether a word ends in a consonant sound as read in Korean (받침), deciding 이/가, 은/는, 을/를.
 * @param ch - the last character of the word
 * @returns true for a final consonant; for `(으)로` a final ㄹ counts as a vowel (see {@link korean})
 */
function hasBatchim(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 !== 0;
  if (/[0-9]/.test(ch)) return DIGIT_BATCHIM.has(ch);
  return LATIN_BATCHIM.has(ch.toLowerCase());
}

function endsInRieul(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 8;
  return ch === '1' || ch === '7' || ch === '8' || ch.toLowerCase() === 'l';
}

/**
 * The particle pairs written after a placeholder in the Korean texts: `(이)가`, `(은)는`, `(을)를`,
 * `(으)로`, `(과)와`, and the copula `(이)라` (`(이)라는`, `(이)라서`, `(이)라고`). Each maps to the
 * form after a final consonant and the form after a vowel.
 */
const PARTICLES: Readonly<Record<string, readonly [withBatchim: string, withoutBatchim: string]>> = {
  '(이)가': ['이', '가'],
  '(은)는': ['은', '는'],
  '(을)를': ['을', '를'],
  '(으)로': ['으로', '로'],
  '(과)와': ['과', '와'],
  '(이)라': ['이라', '라'],
};

/**
 * Resolve the particle pairs of Korean text by the sound of the word before them, digits read in
 * Korean (1 일, 2 이, 3 삼 …): `atlas-cp-1(이)가` → `atlas-cp-1이`, `wk-2(을)를` → `wk-2를`,
 * `wk-1(이)라는` → `wk-1이라는`, `wk-2(이)라는` → `wk-2라는`; `(으)로` treats a final ㄹ (1, 7, 8, l)
 * as a vowel (`cp-1로`).
 * @param text - translated Korean text
 */
export function korean(text: string): string {
  return text.replace(
    /(\S)(\((?:이|은|을|으|과)\)(?:가|는|를|로|와|라))/g,
    (m, prev: string, pair: string) => {
      const forms = PARTICLES[pair];
      if (!forms) return m;
      const consonant = hasBatchim(prev) && !(pair === '(으)로' && endsInRieul(prev));
      return `${prev}${consonant ? forms[0] : forms[1]}`;
    },
  );
}

/**
 * Resolve the `word(s)` / `word(es)` forms of the English texts ("1 more failure(s)" is
 * not an answer): after a number, singular for 1 and plural otherwise (`1 more failure`,
 * `2 disruptions`, `1 API server identity Lease`); without a number before it, the plural.
 * @param text - translated English text
 */
export function englishPlurals(text: string): string {
  return text
    .replace(
      /\b(\d+)((?:\s+[A-Za-z][\w-]*){0,4}?)\s+([A-Za-z][\w-]*)\((e?s)\)/g,
      (_m, n: string, between: string, word: string, suffix: string) =>
        `${n}${between} ${n === '1' ? word : word + suffix}`,
    )
    .replace(/\b([A-Za-z][\w-]*)\((e?s)\)/g, '$1$2');
}

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
  const listOr = (items: readonly string[]): string =>
    locale === 'ko' || items.length <= 1
      ? list(items)
      : `${items.slice(0, -1).join(', ')} ${t('list.or')} ${items[items.length - 1]}`;
  return {
    locale,
    t(key, params = {}) {
      const flat: Record<string, string | number | boolean | null> = {};
      for (const [k, v] of Object.entries(params)) {
        if (v === undefined) continue;
        flat[k] = Array.isArray(v)
          ? k === 'suggestions'
            ? listOr(v as readonly string[])
            : list(v as readonly string[])
          : (v as string | number | boolean | null);
      }
      const text = t(key, flat);
      return locale === 'ko' ? korean(text) : englishPlurals(text);
    },
    has: (key) => instance.exists(key, { lng: locale }),
    list,
  };
}
