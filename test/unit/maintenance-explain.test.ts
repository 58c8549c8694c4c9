import { describe, expect, it } from '@jest/globals';
import type { Locale } from '../../src/commands/types.js';
import {
  explainAudit,
  explainMaintenanceCard,
  explainMaintenanceEvent,
  explainMaintenanceRefusal,
} from '../../src/maintenance/explain-maintenance.js';
import type { Reply } from '../../src/explain/reply.js';
import type {
  AuditEntry,
  DecisionRefusal,
  MaintenanceEvent,
  MaintenanceRequest,
  MaintenanceState,
} from '../../src/maintenance/types.js';

const request: MaintenanceRequest = {
  id: 'mr-abcdefgh23',
  cluster: 'prod',
  node: 'master-2',
  nodeRole: 'control-plane',
  reason: 'kernel 6.8 patch',
  force: false,
  requestedBy: { platform: 'slack', tenant: 'T01', id: 'UREQ', displayName: 'Rita' },
  requestedAt: '2026-11-29T12:00:00.000Z',
  expiresAt: '2026-11-29T12:30:00.000Z',
  approvalsRequired: 2,
  approvals: [],
  state: 'pending-approval',
  locale: 'en',
  replyTo: { platform: 'slack', address: { channel: 'C01' } },
  verdictAtRequest: 'safe',
  summaryAtRequest: 'Safe to reboot master-2: the control plane stays available on the other members.',
  progress: {},
  revision: 1,
};

const alice = { platform: 'slack' as const, tenant: 'T01', id: 'UA1', displayName: 'Alice' };
const bob = { platform: 'slack' as const, tenant: 'T01', id: 'UA2' };

const ALL_EVENTS: MaintenanceEvent[] = [
  { type: 'requested' },
  { type: 'approved', by: alice, approvals: 1, required: 2 },
  { type: 'approved', by: bob, approvals: 2, required: 2 },
  { type: 'rejected', by: alice },
  { type: 'expired' },
  { type: 'cancel-requested', by: alice },
  { type: 'cancelled', by: alice, nodeCordoned: true, podsEvicted: 2 },
  { type: 'cancelled', nodeCordoned: false, podsEvicted: 0 },
  { type: 'waiting-for-window', opensAt: '2026-11-30T13:00:00.000Z' },
  { type: 'execution-started' },
  { type: 'locked', lease: 'k8s-ha-bot/k8s-ha-bot-maintenance' },
  { type: 'cordoned', wasCordoned: false },
  { type: 'cordoned', wasCordoned: true },
  { type: 'eviction', pod: 'shop/web-1' },
  { type: 'drain-progress', evicted: 3, total: 7, waitingOn: [] },
  {
    type: 'drain-progress',
    evicted: 3,
    total: 7,
    waitingOn: [
      { pod: 'shop/db-0', budget: 'shop/db-pdb', detail: 'disruptionsAllowed is 0' },
      { pod: 'shop/cache-1', detail: 'still terminating' },
    ],
  },
  { type: 'drained', evicted: 7, skipped: [] },
  { type: 'drained', evicted: 7, skipped: ['kube-system/kube-proxy-x (DaemonSet)'] },
  { type: 'reboot-hook', ok: true, detail: 'exit 0' },
  { type: 'reboot-hook', ok: false, detail: 'exit 1' },
  { type: 'rebooted', bootId: 'b-2' },
  { type: 'verified' },
  { type: 'uncordoned' },
  { type: 'lock-released', lease: 'k8s-ha-bot/k8s-ha-bot-maintenance' },
  { type: 'completed', drainMs: 125_000, downtimeMs: 45_400, totalMs: 3_725_000 },
  {
    type: 'failed',
    reason: 'drain-timeout',
    detail: 'pods left after 600 s',
    blockers: [{ pod: 'shop/db-0', budget: 'shop/db-pdb', detail: 'disruptionsAllowed is 0' }],
    nodeCordoned: true,
  },
  { type: 'failed', reason: 'lock-held', detail: '', nodeCordoned: false },
];

const STATES: MaintenanceState[] = [
  'pending-approval',
  'approved',
  'waiting-for-window',
  'rejected',
  'expired',
  'checking',
  'locked',
  'cordoned',
  'draining',
  'awaiting-reboot',
  'verifying',
  'completed',
  'cancelling',
  'cancelled',
  'failed',
];

const REFUSALS: DecisionRefusal[] = [
  'not-found',
  'not-approver',
  'self-approval',
  'already-approved',
  'expired',
  'not-pending',
  'not-allowed-to-cancel',
  'already-finished',
];

/** Every text of a reply. */
function texts(reply: Reply): string[] {
  return [
    reply.title,
    reply.summary,
    ...reply.sections.flatMap((s) => [s.heading, ...s.lines]),
    ...reply.actions.map((a) => a.label),
  ];
}

/** No placeholder left, no missing key echoed, no unresolved Korean particle pair. */
function expectClean(lines: readonly string[]): void {
  for (const line of lines) {
    expect(line).not.toMatch(/\{\{|\}\}/);
    expect(line).not.toMatch(/^maintenance\./);
    expect(line).not.toMatch(/\((이|은|을|으)\)/);
  }
}

describe('the request card', () => {
  it('says who, what, why, approvals x/y, expiry and what happens next, with Approve / Reject / Cancel while pending', () => {
    const card = explainMaintenanceCard(request, 'en');
    expect(card.kind).toBe('maintenance');
    expect(card.title).toBe('Maintenance mr-abcdefgh23: reboot master-2 in prod');
    expect(card.verdict).toBe('safe');
    expect(card.summary).toMatch(
      /^Waiting for approval: 2 more needed \(0 of 2\)\. Once approved, the bot takes the maintenance lock, cordons and drains master-2/,
    );
    expect(card.sections[0]?.lines).toEqual([
      'Node: master-2 (control-plane node) in prod',
      'Reason: kernel 6.8 patch',
      'Requested by Rita at 2026-11-29 12:00 UTC',
      'Approvals: 0 of 2',
      'Expires at 2026-11-29 12:30 UTC unless approved by then',
    ]);
    expect(card.sections[1]).toEqual({
      heading: 'Analysis when requested',
      lines: [request.summaryAtRequest],
    });
    expect(card.actions).toEqual([
      { id: 'maintenance-approve', label: 'Approve', value: 'mr-abcdefgh23' },
      { id: 'maintenance-reject', label: 'Reject', value: 'mr-abcdefgh23' },
      { id: 'maintenance-cancel', label: 'Cancel', value: 'mr-abcdefgh23' },
    ]);
    expect(card.context).toEqual({
      cluster: 'prod',
      snapshotAt: null,
      requestId: 'mr-abcdefgh23',
      maintenanceId: 'mr-abcdefgh23',
    });
  });

  it('names approvers (display name, else the id), and shows only Cancel while executing, nothing when finished', () => {
    const one = explainMaintenanceCard(
      { ...request, approvals: [{ actor: alice, at: request.requestedAt }] },
      'en',
    );
    expect(one.sections[0]?.lines).toContain('Approvals: 1 of 2 (Alice)');
    expect(one.summary).toMatch(/^Waiting for approval: 1 more needed \(1 of 2\)/);
    const both = {
      ...request,
      approvals: [
        { actor: alice, at: request.requestedAt },
        { actor: bob, at: request.requestedAt },
      ],
    };
    const draining = explainMaintenanceCard(
      { ...both, state: 'draining', progress: { podsToEvict: 7, podsEvicted: 3 } },
      'en',
    );
    expect(draining.sections[0]?.lines).toContain('Approvals: 2 of 2 (Alice and UA2)');
    expect(draining.sections[0]?.lines).toContain('Pods evicted: 3 of 7');
    expect(draining.sections[0]?.lines).not.toContain(
      'Expires at 2026-11-29 12:30 UTC unless approved by then',
    );
    expect(draining.actions.map((a) => a.id)).toEqual(['maintenance-cancel']);
    for (const state of ['completed', 'failed', 'cancelled', 'rejected', 'expired', 'cancelling'] as const) {
      expect(explainMaintenanceCard({ ...both, state }, 'en').actions).toEqual([]);
    }
  });

  it('says why a request failed and in what state the node is', () => {
    const failed = explainMaintenanceCard(
      {
        ...request,
        state: 'failed',
        stateReason: 'drain-timeout',
        progress: { cordonedByBot: true, cordonedAt: 'x' },
      },
      'en',
    );
    expect(failed.summary).toBe(
      'Stopped: the drain did not finish in time. master-2 stays cordoned (uncordon it when it is fine: kubectl uncordon master-2).',
    );
    const done = explainMaintenanceCard(
      { ...request, state: 'completed', progress: { cordonedByBot: true, uncordonedAt: 'y' } },
      'en',
    );
    expect(done.summary).toBe(
      'Done: master-2 was rebooted and checked. master-2 is uncordoned and schedulable again.',
    );
    const expired = explainMaintenanceCard({ ...request, state: 'expired' }, 'en');
    expect(expired.summary).toMatch(/^Expired at 2026-11-29 12:30 UTC without enough approvals/);
    const forced = explainMaintenanceCard({ ...request, force: true, forceReason: 'disk dying' }, 'en');
    expect(forced.sections[0]?.lines).toContain(
      'Forced by an admin over an unsafe verdict: disk dying. A forced request needs the approvals of a control-plane change.',
    );
  });

  it('reads in Korean in the seeds vocabulary with particles resolved', () => {
    const card = explainMaintenanceCard({ ...request, locale: 'ko' }, 'ko');
    expect(card.title).toBe('유지보수 mr-abcdefgh23: prod의 master-2 재부팅');
    expect(card.sections[0]?.lines[0]).toBe('노드: prod의 master-2 (컨트롤 플레인 노드)');
    expect(card.summary).toContain('master-2를 cordon한 뒤 드레인하고');
    expect(card.actions.map((a) => a.label)).toEqual(['승인', '거절', '취소']);
  });

  it('has every text in both languages for every state', () => {
    for (const locale of ['en', 'ko'] as Locale[]) {
      for (const state of STATES) {
        const reply = explainMaintenanceCard(
          {
            ...request,
            state,
            stateReason: state === 'failed' ? 'other-control-plane-not-ready' : undefined,
          },
          locale,
        );
        expect(reply.summary.length).toBeGreaterThan(10);
        expectClean(texts(reply));
      }
    }
  });
});

describe('event messages', () => {
  it('drain progress names the budget and the pod it waits on', () => {
    const reply = explainMaintenanceEvent(request, ALL_EVENTS[15] as MaintenanceEvent, 'en');
    expect(reply?.summary).toBe(
      'Draining master-2: evicted 3 of 7, waiting on PodDisruptionBudget shop/db-pdb (pod shop/db-0) and pod shop/cache-1 (still terminating).',
    );
    expect(explainMaintenanceEvent(request, ALL_EVENTS[15] as MaintenanceEvent, 'ko')?.summary).toBe(
      'master-2 드레인 중: 7개 중 3개 축출, 대기 중: PodDisruptionBudget shop/db-pdb (파드 shop/db-0), 파드 shop/cache-1 (still terminating).',
    );
  });

  it('a drain timeout names the budget and the pod and says the node stays cordoned', () => {
    const failed = ALL_EVENTS.find(
      (e) => e.type === 'failed' && e.reason === 'drain-timeout',
    ) as MaintenanceEvent;
    const reply = explainMaintenanceEvent(
      { ...request, state: 'failed', progress: { cordonedByBot: true } },
      failed,
      'en',
    );
    expect(reply?.summary).toBe(
      'Maintenance of master-2 stopped: the drain did not finish in time. master-2 stays cordoned (uncordon it when it is fine: kubectl uncordon master-2).',
    );
    expect(reply?.sections).toEqual([
      {
        heading: 'Blocking the drain',
        lines: [
          'pod shop/db-0, blocked by PodDisruptionBudget shop/db-pdb: disruptionsAllowed is 0',
          'Detail: pods left after 600 s',
        ],
      },
    ]);
  });

  it('the summary gives drain, downtime and total durations', () => {
    const completed = ALL_EVENTS.find((e) => e.type === 'completed') as MaintenanceEvent;
    expect(explainMaintenanceEvent(request, completed, 'en')?.summary).toBe(
      'Maintenance of master-2 completed: drain 2 min 5 s, downtime 45 s, total 1 h 2 min.',
    );
    expect(explainMaintenanceEvent(request, completed, 'ko')?.summary).toBe(
      'master-2 유지보수 완료: 드레인 2분 5초, 다운타임 45초, 전체 1시간 2분.',
    );
  });

  it('approvals name the approver; the last one says execution starts', () => {
    expect(explainMaintenanceEvent(request, ALL_EVENTS[1] as MaintenanceEvent, 'en')?.summary).toBe(
      'Alice approved (1 of 2).',
    );
    expect(explainMaintenanceEvent(request, ALL_EVENTS[2] as MaintenanceEvent, 'en')?.summary).toBe(
      'UA2 approved (2 of 2): approved, execution starts.',
    );
  });

  it('requested and each eviction are audit-only; every other event has a clean text in both languages', () => {
    for (const locale of ['en', 'ko'] as Locale[]) {
      for (const event of ALL_EVENTS) {
        const reply = explainMaintenanceEvent(request, event, locale);
        if (event.type === 'eviction' || event.type === 'requested') {
          expect(reply).toBeNull();
          continue;
        }
        expect(reply?.kind).toBe('maintenance');
        expect(reply?.context.maintenanceId).toBe(request.id);
        expect(reply?.actions).toEqual([]);
        expect(reply?.summary.length).toBeGreaterThan(5);
        expectClean(texts(reply as Reply));
      }
    }
  });
});

describe('refusals', () => {
  it('say exactly why, privately', () => {
    const approved = { ...request, approvals: [{ actor: alice, at: request.requestedAt }] };
    expect(explainMaintenanceRefusal('not-approver', request, 'en')).toBe(
      'You are not an approver for prod.',
    );
    expect(explainMaintenanceRefusal('self-approval', request, 'en')).toBe(
      'You cannot approve your own request.',
    );
    expect(explainMaintenanceRefusal('already-approved', approved, 'en')).toBe(
      'Already counted your approval (1 of 2).',
    );
    expect(explainMaintenanceRefusal('expired', request, 'en')).toBe(
      'This request expired at 2026-11-29 12:30 UTC.',
    );
    expect(explainMaintenanceRefusal('not-pending', { ...request, state: 'draining' }, 'en')).toBe(
      'This request is no longer waiting for approval (it is draining).',
    );
    expect(explainMaintenanceRefusal('not-found', undefined, 'en', { id: 'mr-zzzzzzzzzz' })).toBe(
      'There is no maintenance request mr-zzzzzzzzzz.',
    );
    expect(explainMaintenanceRefusal('not-found', undefined, 'en')).toBe(
      'There is no such maintenance request (it may have been finished long ago).',
    );
    expect(explainMaintenanceRefusal('not-approver', request, 'ko')).toBe('prod의 승인자가 아닙니다.');
    expect(explainMaintenanceRefusal('self-approval', request, 'ko')).toBe(
      '자신의 요청은 승인할 수 없습니다.',
    );
  });

  it('exist for every refusal in both languages', () => {
    const all = [
      ...REFUSALS,
      'not-requester',
      'unsafe',
      'force-not-allowed',
      'force-needs-reason',
      'already-open',
      'not-admin',
    ] as const;
    for (const locale of ['en', 'ko'] as Locale[]) {
      for (const r of all) {
        const text = explainMaintenanceRefusal(r, request, locale);
        expect(text.length).toBeGreaterThan(5);
        expectClean([text]);
      }
    }
  });
});

describe('the audit list', () => {
  it('has one line per entry with time (seconds), request, cluster/node, actor and what happened', () => {
    const entries: AuditEntry[] = [
      {
        streamId: '2-0',
        at: '2026-11-29T12:05:07.000Z',
        requestId: request.id,
        cluster: 'prod',
        node: 'master-2',
        actor: 'slack:T01:UA1',
        event: { type: 'approved', by: alice, approvals: 1, required: 2 },
      },
      {
        streamId: '1-0',
        at: '2026-11-29T12:00:00.000Z',
        requestId: request.id,
        cluster: 'prod',
        node: 'master-2',
        actor: 'slack:T01:UREQ',
        event: { type: 'requested' },
      },
      {
        streamId: '3-0',
        at: '2026-11-29T12:06:00.000Z',
        requestId: request.id,
        cluster: 'prod',
        node: 'master-2',
        actor: 'bot',
        event: { type: 'eviction', pod: 'shop/web-1' },
      },
    ];
    const reply = explainAudit(entries, 'en', 'req-1');
    expect(reply.title).toBe('Maintenance audit: the last 3 entries');
    expect(reply.sections[0]?.lines).toEqual([
      '2026-11-29 12:05:07 UTC  mr-abcdefgh23  prod/master-2  slack:T01:UA1: Alice approved (1 of 2).',
      '2026-11-29 12:00:00 UTC  mr-abcdefgh23  prod/master-2  slack:T01:UREQ: slack:T01:UREQ asked to reboot master-2.',
      '2026-11-29 12:06:00 UTC  mr-abcdefgh23  prod/master-2  bot: Evicted shop/web-1.',
    ]);
    expect(reply.context.requestId).toBe('req-1');
    expect(explainAudit([], 'ko').summary).toBe('유지보수 감사 기록이 아직 없습니다.');
    expectClean(texts(explainAudit(entries, 'ko')));
  });
});
