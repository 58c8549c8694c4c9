/**
 * Maintenance commands: the en/ko table of request, decision, status and audit forms,
 * `--force` with a reason, bad ids and names answered as parse errors (never thrown), the help
 * examples, the job schema, and that the reboot-impact forms are not taken for maintenance.
 */
import { describe, expect, it } from '@jest/globals';
import { HELP_EXAMPLES } from '../../src/commands/help-examples.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import {
  MAINTENANCE_GRAMMAR,
  MAINTENANCE_HELP_EXAMPLES,
  MAX_REASON_LENGTH,
  incompleteMaintenanceForm,
} from '../../src/commands/parse-maintenance-command.js';
import type { Command, Locale, ParseErrorCode } from '../../src/commands/types.js';
import { explainHelp, explainParseError } from '../../src/explain/explain-messages.js';
import { REQUEST_ID_PATTERN } from '../../src/maintenance/types.js';
import { parseAnswerJob } from '../../src/queue/job.js';

type Row = [text: string, command: Command, locale: Locale];

const req = (
  node: string,
  reason = '',
  extra: Partial<Extract<Command, { kind: 'maintenance-request' }>> = {},
): Command => ({
  kind: 'maintenance-request',
  node,
  reason,
  force: false,
  ...extra,
});
const ID = 'mr-abcdefgh23';

describe('maintenance requests', () => {
  const rows: Row[] = [
    ['maintain master-2', req('master-2'), 'en'],
    ['/k8s maintain master-2 kernel update', req('master-2', 'kernel update'), 'en'],
    ['<@U0BOT> maintain Master-2 because of the kernel patch.', req('master-2', 'the kernel patch'), 'en'],
    ['maintain master-2 in prod kernel update', req('master-2', 'kernel update', { cluster: 'prod' }), 'en'],
    ['maintain master-2 --cluster prod: disk swap', req('master-2', 'disk swap', { cluster: 'prod' }), 'en'],
    ['maintenance for worker-3 reason: new NIC', req('worker-3', 'new NIC'), 'en'],
    ['request a reboot of master-2', req('master-2'), 'en'],
    ['request a reboot of master-2 because the kernel is old', req('master-2', 'the kernel is old'), 'en'],
    [
      'please request maintenance of the node worker-3 in staging',
      req('worker-3', '', { cluster: 'staging' }),
      'en',
    ],
    ['reboot master-2 with approval', req('master-2'), 'en'],
    ['drain and reboot worker-1 with approval because firmware', req('worker-1', 'firmware'), 'en'],
    [
      'maintain master-2 disk failing --force "disk is dying"',
      req('master-2', 'disk failing', { force: true, forceReason: 'disk is dying' }),
      'en',
    ],
    [
      'maintain master-2 disk failing --force=now',
      req('master-2', 'disk failing', { force: true, forceReason: 'now' }),
      'en',
    ],
    [
      'maintain master-2 disk failing force: the disk is dying',
      req('master-2', 'disk failing', { force: true, forceReason: 'the disk is dying' }),
      'en',
    ],
    ['maintain master-2 --force', req('master-2', '', { force: true }), 'en'],
    ['maintain master-2 커널 업데이트', req('master-2', '커널 업데이트'), 'ko'],
    ['master-2 유지보수 요청', req('master-2'), 'ko'],
    ['master-2 유지보수 요청 커널 업데이트', req('master-2', '커널 업데이트'), 'ko'],
    ['master-2 유지보수 요청 (사유: 디스크 교체)', req('master-2', '디스크 교체'), 'ko'],
    ['master-2 재부팅 요청', req('master-2'), 'ko'],
    ['master-2를 재부팅 요청합니다 사유: 펌웨어', req('master-2', '펌웨어'), 'ko'],
    ['prod 클러스터 master-2 노드 유지보수 요청', req('master-2', '', { cluster: 'prod' }), 'ko'],
    ['재부팅 요청: worker-3', req('worker-3'), 'ko'],
    [
      'master-2 유지보수 요청 디스크 교체 강제: 디스크 고장',
      req('master-2', '디스크 교체', { force: true, forceReason: '디스크 고장' }),
      'ko',
    ],
    ['master-2 유지보수 요청 --lang en', req('master-2'), 'en'],
  ];
  it.each(rows)('%s', (text, command, locale) => {
    const r = parseCommand(text);
    expect(r).toEqual({ ok: true, command, locale });
  });

  it('clips a long reason to 500 code points', () => {
    const r = parseCommand(`maintain master-2 ${'가'.repeat(900)}`);
    expect(r.ok && r.command.kind === 'maintenance-request' ? Array.from(r.command.reason).length : -1).toBe(
      MAX_REASON_LENGTH,
    );
  });
});

describe('decisions, status, audit', () => {
  const rows: Row[] = [
    [`approve ${ID}`, { kind: 'maintenance-decision', action: 'approve', requestId: ID }, 'en'],
    [
      `/k8s Approve ${ID.toUpperCase()}`,
      { kind: 'maintenance-decision', action: 'approve', requestId: ID },
      'en',
    ],
    [`reject ${ID}`, { kind: 'maintenance-decision', action: 'reject', requestId: ID }, 'en'],
    [`deny the request ${ID}`, { kind: 'maintenance-decision', action: 'reject', requestId: ID }, 'en'],
    [`cancel ${ID}`, { kind: 'maintenance-decision', action: 'cancel', requestId: ID }, 'en'],
    [`cancel maintenance ${ID}`, { kind: 'maintenance-decision', action: 'cancel', requestId: ID }, 'en'],
    [`${ID} 승인`, { kind: 'maintenance-decision', action: 'approve', requestId: ID }, 'ko'],
    [`${ID} 승인합니다`, { kind: 'maintenance-decision', action: 'approve', requestId: ID }, 'ko'],
    [`${ID}를 거절`, { kind: 'maintenance-decision', action: 'reject', requestId: ID }, 'ko'],
    [`${ID} 반려`, { kind: 'maintenance-decision', action: 'reject', requestId: ID }, 'ko'],
    [`취소 ${ID}`, { kind: 'maintenance-decision', action: 'cancel', requestId: ID }, 'ko'],
    [`승인 ${ID}`, { kind: 'maintenance-decision', action: 'approve', requestId: ID }, 'ko'],
    [`maintenance status ${ID}`, { kind: 'maintenance-status', requestId: ID }, 'en'],
    [`status of ${ID}`, { kind: 'maintenance-status', requestId: ID }, 'en'],
    [`${ID} 상태`, { kind: 'maintenance-status', requestId: ID }, 'ko'],
    ['audit', { kind: 'audit' }, 'en'],
    ['show the audit log', { kind: 'audit' }, 'en'],
    ['audit log in prod', { kind: 'audit', cluster: 'prod' }, 'en'],
    ['감사 로그', { kind: 'audit' }, 'ko'],
    ['prod 클러스터 감사 로그 보여줘', { kind: 'audit', cluster: 'prod' }, 'ko'],
  ];
  it.each(rows)('%s', (text, command, locale) => {
    expect(parseCommand(text)).toEqual({ ok: true, command, locale });
  });
});

describe('bad input gets an error answer, never an exception', () => {
  const rows: [string, ParseErrorCode][] = [
    ['approve mr-123', 'invalid-request-id'],
    ['approve mr-ABCDEFGH01', 'invalid-request-id'], // 0 and 1 are not base32
    ['approve 12345', 'invalid-request-id'],
    ['reject mr-abcdefgh23x', 'invalid-request-id'],
    ['cancel <script>', 'invalid-request-id'],
    ['mr-zz 승인', 'invalid-request-id'],
    ['maintenance status mr-', 'invalid-request-id'],
    ['maintain master_2!', 'invalid-node-name'],
    ['maintain master-2; rm -rf /', 'invalid-node-name'],
    ['maintain master-2 --cluster Prod_1', 'invalid-cluster-name'],
    ['maintain master-2 --lang fr', 'invalid-option'],
    [`approve ${ID} --force "x"`, 'invalid-option'],
  ];
  it.each(rows)('%s → %s', (text, code) => {
    const r = parseCommand(text);
    expect(r.ok ? null : r.error.code).toBe(code);
    if (!r.ok) {
      // The error answer renders with the help forms.
      const reply = explainParseError({ locale: r.locale, requestId: 'r1', cluster: null }, r.error);
      expect(reply.kind).toBe('error');
      expect(reply.summary.length).toBeGreaterThan(10);
      expect(reply.sections[0]?.lines.length).toBeGreaterThan(0);
    }
  });
  it('the Korean text for a bad id is Korean', () => {
    const r = parseCommand('mr-zz 승인');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(explainParseError({ locale: r.locale, requestId: 'r', cluster: null }, r.error).summary).toMatch(
        /유지보수 요청 ID/,
      );
  });
});

describe('no maintenance form steals another request', () => {
  const rows: [string, Command['kind']][] = [
    ['can I reboot master-2', 'reboot-impact'],
    ['reboot master-2', 'reboot-impact'],
    ['reboot master-2 for the kernel patch', 'reboot-impact'],
    ['restart kube-proxy on worker-3', 'what-if'],
    ['master-2 재부팅해도 돼?', 'reboot-impact'],
    ['status', 'ha-status'],
    ['status of prod', 'ha-status'],
    ['상태', 'ha-status'],
    ['help', 'help'],
  ];
  it.each(rows)('%s → %s', (text, kind) => {
    const r = parseCommand(text);
    expect(r.ok ? r.command.kind : r.error.code).toBe(kind);
  });
});

describe('help and schema', () => {
  it.each(['en', 'ko'] as const)(
    '%s help lists every maintenance form, each parses to its kind in that language',
    (locale) => {
      const kinds = new Set<string>();
      for (const { example } of MAINTENANCE_HELP_EXAMPLES[locale]) {
        expect(HELP_EXAMPLES[locale].some((e) => e.example === example)).toBe(true);
        const r = parseCommand(example);
        expect({ example, ok: r.ok, locale: r.locale }).toEqual({ example, ok: true, locale });
        if (r.ok) kinds.add(r.command.kind);
      }
      expect([...kinds].sort()).toEqual([
        'audit',
        'maintenance-decision',
        'maintenance-request',
        'maintenance-status',
      ]);
      const help = explainHelp(
        { locale, requestId: 'h', cluster: 'prod' },
        { names: ['prod'], defaultCluster: 'prod' },
      );
      const text = help.sections.flatMap((s) => s.lines).join('\n');
      expect(text).toContain(locale === 'en' ? 'approve mr-abcdefgh23' : 'mr-abcdefgh23 승인');
    },
  );
  it('the grammar has rules in both languages for every maintenance kind', () => {
    for (const intent of [
      'maintenance-request',
      'maintenance-decision',
      'maintenance-status',
      'audit',
    ] as const) {
      for (const lang of ['en', 'ko'] as const)
        expect(MAINTENANCE_GRAMMAR.some((r) => r.intent === intent && r.lang === lang)).toBe(true);
    }
  });
  it('the example id is a valid request id', () => {
    expect(REQUEST_ID_PATTERN.test(ID)).toBe(true);
  });
  it('jobs carrying maintenance commands pass the job schema; a bad action is refused', () => {
    const base = {
      requestId: 'r1',
      text: 't',
      cluster: 'prod',
      locale: 'en',
      user: { platform: 'slack', id: 'U1', tenant: 'T1' },
      replyTo: { platform: 'slack', address: { channel: 'C1' } },
      enqueuedAt: new Date().toISOString(),
    };
    for (const command of [
      req('master-2', 'x', { force: true, forceReason: 'y' }),
      { kind: 'maintenance-decision', action: 'approve', requestId: ID },
      { kind: 'maintenance-status', requestId: ID },
      { kind: 'audit' },
    ]) {
      expect(parseAnswerJob({ ...base, command }).command).toEqual(command);
    }
    expect(() =>
      parseAnswerJob({ ...base, command: { kind: 'maintenance-decision', action: 'delete', requestId: ID } }),
    ).toThrow(/command/);
  });
});

describe('a cluster named at the end of the reason (console UX fix 2)', () => {
  const rows: Row[] = [
    ['maintain atlas-wk-1 kernel in prod', req('atlas-wk-1', 'kernel', { cluster: 'prod' }), 'en'],
    [
      'maintain atlas-wk-1 kernel patch on the prod cluster',
      req('atlas-wk-1', 'kernel patch', { cluster: 'prod' }),
      'en',
    ],
    [
      'maintain atlas-wk-1 kernel patch in cluster prod.',
      req('atlas-wk-1', 'kernel patch', { cluster: 'prod' }),
      'en',
    ],
    [
      'request a reboot of atlas-wk-1 because of the kernel patch in prod',
      req('atlas-wk-1', 'the kernel patch', { cluster: 'prod' }),
      'en',
    ],
    [
      'atlas-wk-1 유지보수 요청 커널 패치 prod 클러스터에서',
      req('atlas-wk-1', '커널 패치', { cluster: 'prod' }),
      'ko',
    ],
    [
      'atlas-wk-1 유지보수 요청 커널 패치 (prod 클러스터)',
      req('atlas-wk-1', '커널 패치', { cluster: 'prod' }),
      'ko',
    ],
    // "in" elsewhere, or after a quoted reason, or naming a time: the reason stays whole.
    ['maintain atlas-wk-1 fix leak in kubelet config', req('atlas-wk-1', 'fix leak in kubelet config'), 'en'],
    ['maintain atlas-wk-1 "patch in prod"', req('atlas-wk-1', 'patch in prod'), 'en'],
    ['maintain atlas-wk-1 reboot in 10m', req('atlas-wk-1', 'reboot in 10m'), 'en'],
    ['maintain atlas-wk-1 swap the disk in place', req('atlas-wk-1', 'swap the disk in place'), 'en'],
    // a cluster named before wins; the reason is then left as typed.
    [
      'maintain atlas-wk-1 in prod kernel in staging',
      req('atlas-wk-1', 'kernel in staging', { cluster: 'prod' }),
      'en',
    ],
    [
      'maintain atlas-wk-1 kernel in staging --cluster prod',
      req('atlas-wk-1', 'kernel in staging', { cluster: 'prod' }),
      'en',
    ],
  ];
  it.each(rows)('%s', (text, command, locale) => {
    expect(parseCommand(text)).toEqual({ ok: true, command, locale });
  });

  it('a bad trailing cluster name is refused, not kept in the reason', () => {
    // "in Prod_1" is no cluster phrase (underscore): the reason keeps it.
    expect(parseCommand('maintain atlas-wk-1 kernel in Prod_1')).toEqual({
      ok: true,
      command: req('atlas-wk-1', 'kernel in Prod_1'),
      locale: 'en',
    });
  });

  it('the help example of the request form names the trailing cluster rule and parses to it', () => {
    const first = MAINTENANCE_HELP_EXAMPLES.en[0];
    expect(first?.form).toMatch(/\[in CLUSTER\]/);
    expect(parseCommand(first?.example ?? '')).toEqual({
      ok: true,
      command: req('atlas-cp-2', 'kernel update', { cluster: 'prod' }),
      locale: 'en',
    });
  });
});

describe('a maintenance verb without its node or id (console UX fix 6)', () => {
  it.each([
    ['maintain', 'en'],
    ['/k8s maintain --cluster prod', 'en'],
    ['request a reboot', 'en'],
    ['approve', 'en'],
    ['cancel the request', 'en'],
    ['maintain --lang ko', 'ko'],
    ['유지보수 요청', 'ko'],
    ['prod 클러스터 재부팅 요청', 'ko'],
    ['승인', 'ko'],
  ] as const)('%s → the maintenance forms (%s)', (text, locale) => {
    expect(parseCommand(text).ok).toBe(false);
    expect(incompleteMaintenanceForm(text, 'en')).toBe(locale);
  });

  it.each(['status', 'help', 'maintain atlas-wk-1', 'make me a sandwich', 'can I reboot', '상태'])(
    '%s is not such a form',
    (text) => {
      expect(incompleteMaintenanceForm(text, 'en')).toBeNull();
    },
  );
});
