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
    'checking-maintenance': 'Checking {node} in {cluster} before asking for approval…',
    'checking-plan': 'Planning the maintenance in {cluster} before asking for approval…',
    'deciding-maintenance': 'Recording your decision on {id}…',
    'reading-maintenance': 'Looking up {id}…',
    'reading-audit': 'Reading the maintenance audit log…',
  },
  ko: {
    'checking-node': '{cluster}의 {node} 확인 중…',
    'checking-drain': '{cluster}의 {node} 드레인 후 재부팅 영향 확인 중…',
    'checking-status': '{cluster}의 HA·쿼럼 상태 확인 중…',
    'checking-drain-only': '{cluster}의 {node} 드레인 영향 확인 중…',
    'checking-upgrade': '{cluster}의 {node} 업그레이드 영향 확인 중…',
    'checking-cluster': '{cluster} 확인 중…',
    'updating-schedules': '이 채널의 HA 게시 예약을 처리하는 중…',
    'checking-maintenance': '승인 요청 전에 {cluster}의 {node} 확인 중…',
    'checking-plan': '승인 요청 전에 {cluster}의 유지보수 계획을 세우는 중…',
    'deciding-maintenance': '{id}에 대한 결정을 기록하는 중…',
    'reading-maintenance': '{id} 조회 중…',
    'reading-audit': '유지보수 감사 로그를 읽는 중…',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Keys of {@link TEXTS}. */
export type AckTextKey = keyof (typeof TEXTS)['en'];

/**
 * One acknowledgement text.
 * @param locale - `en` or `ko`
 * @param key - which text
 * @param params - `node`, `cluster`, `id` (a maintenance request id) (plain text; the caller escapes the result)
 * @returns e.g. `Checking atlas-cp-2 in prod…`
 */
export function ackText(
  locale: Locale,
  key: AckTextKey,
  params: { node?: string; cluster?: string; id?: string } = {},
): string {
  return TEXTS[locale][key].replace(
    /\{(node|cluster|id)\}/g,
    (_m, name: 'node' | 'cluster' | 'id') => params[name] ?? '',
  );
}
