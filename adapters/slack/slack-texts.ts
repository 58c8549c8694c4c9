/**
 * The few texts only the Slack gateway says (the acknowledgements, decided from parsing alone, so
 * there is none for a duplicate: duplicates are found after the ack). Answers themselves come from
 * `src/explain` in the reply. Plain text: callers escape them for mrkdwn.
 */
import type { Locale } from '../../src/commands/types.js';

/** Acknowledgement texts by locale. `{node}` and `{cluster}` are filled in by {@link ackText}. */
const TEXTS = {
  en: {
    'checking-node': 'Checking {node} in {cluster}…',
    'checking-drain': 'Checking a drain and reboot of {node} in {cluster}…',
    'checking-status': 'Checking HA and quorum status of {cluster}…',
    'checking-drain-only': 'Checking a drain of {node} in {cluster}…',
    'checking-upgrade': 'Checking an upgrade of {node} in {cluster}…',
    'checking-cluster': 'Checking {cluster}…',
    'updating-schedules': 'Updating the scheduled HA posts of this channel…',
  },
  ko: {
    'checking-node': '{cluster}의 {node} 확인 중…',
    'checking-drain': '{cluster}의 {node} 드레인 후 재부팅 영향 확인 중…',
    'checking-status': '{cluster}의 HA·쿼럼 상태 확인 중…',
    'checking-drain-only': '{cluster}의 {node} 드레인 영향 확인 중…',
    'checking-upgrade': '{cluster}의 {node} 업그레이드 영향 확인 중…',
    'checking-cluster': '{cluster} 확인 중…',
    'updating-schedules': '이 채널의 HA 게시 예약을 처리하는 중…',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Keys of {@link TEXTS}. */
export type AckTextKey = keyof (typeof TEXTS)['en'];

/**
 * One acknowledgement text.
 * @param locale - `en` or `ko`
 * @param key - which text
 * @param params - `node`, `cluster` (plain text; the caller escapes the result)
 * @returns e.g. `Checking atlas-cp-2 in prod…`
 */
export function ackText(locale: Locale, key: AckTextKey, params: { node?: string; cluster?: string } = {}): string {
  return TEXTS[locale][key].replace(/\{(node|cluster)\}/g, (_m, name: 'node' | 'cluster') => params[name] ?? '');
}
