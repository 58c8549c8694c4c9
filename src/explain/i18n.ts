/**
 * Translation: one i18next instance with the English and Korean resources (bundled, nothing is
 * read at run time), each locale registered synchronously by its first {@link translator}.
 */
import i18next, { type TFunction } from 'i18next';
import type { FactValue } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { en } from './locales/en.js';
import { enMaintenance } from './locales/en-maintenance.js';
import { enMaintenancePlan } from './locales/en-maintenance-plan.js';
import { enMultiNode } from './locales/en-multi-node.js';
import { enVerdict } from './locales/en-verdict.js';
import { enClusterServices } from './locales/en-cluster-services.js';
import { enAddons } from './locales/en-addons.js';
import { enReport } from './locales/en-report.js';
import { enWhatIf } from './locales/en-what-if.js';
import { ko } from './locales/ko.js';
import { koMaintenance } from './locales/ko-maintenance.js';
import { koMaintenancePlan } from './locales/ko-maintenance-plan.js';
import { koMultiNode } from './locales/ko-multi-node.js';
import { koVerdict } from './locales/ko-verdict.js';
import { koClusterServices } from './locales/ko-cluster-services.js';
import { koAddons } from './locales/ko-addons.js';
import { koReport } from './locales/ko-report.js';
import { koWhatIf } from './locales/ko-what-if.js';
import { type FactTermTexts, localizeFactText } from './fact-terms.js';

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

/**
 * One locale's i18next resources: its texts with the checks beyond the first checklist merged in.
 * The what-if texts live under `whatIf`; maintenance under `maintenance`; several-node questions
 * under `multiNode`; the daily report under `report`.
 * @param locale - `en` or `ko`
 */
function resources(locale: Locale): Record<string, unknown> {
  const texts =
    locale === 'ko'
      ? { base: ko, verdict: koVerdict, services: koClusterServices, addons: koAddons, whatIf: koWhatIf }
      : { base: en, verdict: enVerdict, services: enClusterServices, addons: enAddons, whatIf: enWhatIf };
  const { base, verdict, services, addons } = texts;
  return {
    ...base,
    ...withChecks(withChecks(withChecks(base, verdict), services), addons),
    addonStops: addons.addonStops,
    addonDerived: addons.addonDerived,
    whatIf: texts.whatIf,
    maintenance: locale === 'ko' ? koMaintenance : enMaintenance,
    maintenancePlan: locale === 'ko' ? koMaintenancePlan : enMaintenancePlan,
    multiNode: locale === 'ko' ? koMultiNode : enMultiNode,
    report: locale === 'ko' ? koReport : enReport,
  };
}

// Each locale's resources are registered on its first translator (issue 32 item 3: building and
// registering both cost a live `ask` ~24 ms of CPU); Korean registers English too, its fallback.
const instance = i18next.createInstance();
void instance.init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Register `locale`'s resources and those of the fallback, English, unless registered already. */
function register(locale: Locale): void {
  for (const lng of new Set<Locale>(['en', locale])) {
    if (!instance.hasResourceBundle(lng, 'translation'))
      instance.addResourceBundle(lng, 'translation', resources(lng));
  }
}

/** Digits whose Korean reading ends in a consonant (영, 일, 삼, 육, 칠, 팔). */
const DIGIT_BATCHIM = new Set(['0', '1', '3', '6', '7', '8']);

/**
 * How the word before a particle ends when read in Korean: `consonant` (a final consonant, 받침:
 * 은, 이, 을, 과, 으로), `rieul` (a final ㄹ: 은, 이, 을, 과, but 로) or `vowel` (는, 가, 를, 와, 로).
 * Hangul by its last syllable; digits as read in Korean (영, 일, 이, 삼 …). Latin names as commonly
 * read in Korean technical writing (the loanword rules of the National Institute of Korean
 * Language, 외래어 표기법 제3장: a final p, t, k after a short vowel is written as a 받침, 갭, 캣,
 * 북; after a consonant or a long vowel it takes 으, 호스트, 케이크): the last run of letters of the
 * name is read as a word when it has a vowel, letter by letter when it has none or is all capitals
 * (`cp` 씨피, `VIP` 브이아이피, `etcd.ca`'s `ca` 씨에이 — L 엘, M 엠, N 엔, R 알 end in a consonant). A
 * word ends in a consonant for -m, -n, -ng, -me, -ne (control-plane 플레인, name 네임), in ㄹ for -l, -le
 * (kubectl, console, maxUnavailable), and in a consonant for a single vowel + t, k, p, b (kubelet 큐블릿,
 * PodDisruptionBudget 버짓, ConfigMap 맵, job 잡) and for -ic (static 스태틱); anything else (-er,
 * -or, -d, -s, -x, a final vowel, a silent -e after another consonant: 워커, 노드, 리스) reads as a vowel.
 * Libraries for 조사 (es-hangul's `josa`, josa) judge Hangul only, so names are read here.
 * @param word - the text before the particle (its end is read)
 * @returns how it ends
 */
export function finalSound(word: string): 'consonant' | 'rieul' | 'vowel' {
  const ch = word[word.length - 1] ?? '';
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? 'vowel' : final === 8 ? 'rieul' : 'consonant';
  }
  if (/[0-9]/.test(ch)) return !DIGIT_BATCHIM.has(ch) ? 'vowel' : '178'.includes(ch) ? 'rieul' : 'consonant';
  const seg = /[A-Za-z]+$/.exec(word)?.[0];
  if (seg === undefined) return 'vowel';
  const lower = seg.toLowerCase();
  if ((seg.length >= 2 && seg === seg.toUpperCase()) || !/[aeiouy]/.test(lower)) {
    const letter = lower[lower.length - 1];
    return letter === 'l' || letter === 'r'
      ? 'rieul'
      : letter === 'm' || letter === 'n'
        ? 'consonant'
        : 'vowel';
  }
  if (/(?:l|le)$/.test(lower)) return 'rieul';
  if (/(?:m|n|ng|me|ne)$/.test(lower)) return 'consonant';
  if (/(?:^|[^aeiou])[aeiou][tkpb]$/.test(lower) || /ic$/.test(lower)) return 'consonant';
  return 'vowel';
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
 * as a vowel (`cp-1로`). The whole word before the pair is read ({@link finalSound}):
 * `kind-control-plane(은)는` → `kind-control-plane은`, `kind-worker(은)는` → `kind-worker는`.
 * @param text - translated Korean text
 */
export function korean(text: string): string {
  return text.replace(
    /(\S+?)(\s?\([^()]*\))?(\((?:이|은|을|으|과)\)(?:가|는|를|로|와|라))/g,
    (m, prev: string, aside: string | undefined, pair: string) => {
      const forms = PARTICLES[pair];
      if (!forms) return m;
      // After a parenthetical the particle agrees with the word before it:
      // `borealis-cp-1 (NotReady: Ready=Unknown)(을)를` → `…)을`.
      const sound = finalSound(prev);
      const consonant = sound === 'consonant' || (sound === 'rieul' && pair !== '(으)로');
      return `${prev}${aside ?? ''}${consonant ? forms[0] : forms[1]}`;
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

/** A locale's `factTerms` texts, `term.*` flattened ({@link FactTermTexts}). */
function factTerms(locale: Locale): FactTermTexts {
  const texts = (instance.getResource(locale, 'translation', 'factTerms') ?? {}) as Record<string, unknown>;
  const { term = {}, ...rest } = texts as { term?: Record<string, string> } & Record<string, string>;
  return { ...rest, ...Object.fromEntries(Object.entries(term).map(([k, v]) => [`term.${k}`, v])) };
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
  register(locale);
  const t: TFunction = instance.getFixedT(locale);
  const list = (items: readonly string[]): string => {
    if (items.length === 0) return t('list.none');
    if (locale === 'ko' || items.length === 1) return items.join(', ');
    return `${items.slice(0, -1).join(', ')} ${t('list.and')} ${items[items.length - 1]}`;
  };
  const listOr = (items: readonly string[]): string =>
    items.length <= 1
      ? list(items)
      : `${items.slice(0, -1).join(', ')} ${t('list.or')} ${items[items.length - 1]}`;
  // The analysis' English phrases in a fact (the scheduler's terms, a node's state) in this
  // locale's words (./fact-terms.ts); English facts stay as written.
  const fromEn = locale === 'en' ? null : { en: factTerms('en'), to: factTerms(locale) };
  const local = (v: string): string => (fromEn === null ? v : localizeFactText(v, fromEn.en, fromEn.to));
  return {
    locale,
    t(key, params = {}) {
      const flat: Record<string, string | number | boolean | null> = {};
      for (const [k, v] of Object.entries(params)) {
        if (v === undefined) continue;
        flat[k] = Array.isArray(v)
          ? k === 'suggestions'
            ? listOr(v as readonly string[])
            : list((v as readonly string[]).map(local))
          : typeof v === 'string'
            ? local(v)
            : (v as number | boolean | null);
      }
      const text = t(key, flat);
      return locale === 'ko' ? korean(text) : englishPlurals(text);
    },
    has: (key) => instance.exists(key, { lng: locale }),
    list,
  };
}
