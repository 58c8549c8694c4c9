/**
 * The wording of plan answers says what happened, from the plan as stored: a node started but not
 * done when a plan ends is named (never "the others were not touched" over it), a cluster without
 * kured has no kured lock (never "both locks are free"), and whole minutes / hours carry no "0 s" /
 * "0 min".
 */
import { describe, expect, it } from '@jest/globals';
import { translator } from '../../src/explain/i18n.js';
import { formatDuration } from '../../src/maintenance/explain-maintenance.js';
import {
  explainLockStatus,
  explainMaintenancePlanCard,
  explainPlanChange,
  explainPlanRefusal,
} from '../../src/maintenance/plan/explain-maintenance-plan.js';
import type { MaintenancePlan, PlanNode } from '../../src/maintenance/plan/plan-types.js';

function node(name: string, state: PlanNode['state'], extra: Partial<PlanNode> = {}): PlanNode {
  return { node: name, role: 'worker', batch: 1, verdict: 'safe', why: [], state, ...extra };
}

function plan(state: MaintenancePlan['state'], nodes: PlanNode[]): MaintenancePlan {
  return {
    id: 'mp-abcdefghij',
    cluster: 'prod',
    reason: 'kernel',
    requestedBy: { platform: 'console', tenant: 'local', id: 'alice' },
    requestedAt: '2026-12-01T10:00:00.000Z',
    expiresAt: '2026-12-01T12:00:00.000Z',
    approvalsRequired: 1,
    approvals: [],
    state,
    locale: 'en',
    replyTo: { platform: 'console' } as MaintenancePlan['replyTo'],
    verdictAtRequest: 'safe',
    nodes,
    excluded: [],
    settleMs: 120_000,
    revision: 3,
  };
}

describe('a plan that ends names the node that was started but not done', () => {
  it('cancelled while wk-1 was maintained (settle checks not reached): wk-1 is named, not "not touched"', () => {
    const started = { requestId: 'mr-aaaaaaaaaa', startedAt: '2026-12-01T10:05:00.000Z' };
    const ended = plan('cancelled', [
      node('wk-1', 'settling', { ...started, maintainedAt: '2026-12-01T10:09:00.000Z' }),
      node('wk-2', 'untouched'),
    ]);
    const en = explainMaintenancePlanCard(ended, 'en').summary;
    expect(en).toBe(
      'Cancelled: 0 of 2 nodes done; wk-1 was maintained (cordoned, drained, rebooted, uncordoned) but the plan ended before its settle checks; the others were not touched.',
    );
    const ko = explainMaintenancePlanCard(ended, 'ko').summary;
    expect(ko).toContain('wk-1');
    expect(ko).toContain('나머지는 손대지 않았습니다');
    // the thread message when the plan ends says the same
    const before = { ...ended, state: 'cancelling' as const, revision: 2 };
    const thread = explainPlanChange(before, ended, 'en').map((r) => r.summary);
    expect(thread).toContain(en);
  });

  it('stopped after wk-1 failed its maintenance: wk-1 is named with its reason', () => {
    const ended = plan('stopped', [
      node('wk-1', 'failed', {
        requestId: 'mr-aaaaaaaaaa',
        startedAt: '2026-12-01T10:05:00.000Z',
        failure: { reason: 'reboot-timeout', detail: 'not Ready within 10 min' },
      }),
      node('wk-2', 'untouched'),
    ]);
    expect(explainMaintenancePlanCard(ended, 'en').summary).toBe(
      'Stopped: 0 of 2 nodes done; wk-1 was started and did not finish (reboot-timeout); the others were not touched.',
    );
  });

  it('when every node was done or started, no "others" are claimed untouched', () => {
    const ended = plan('cancelled', [node('wk-1', 'done'), node('wk-2', 'running', { startedAt: 'x' })]);
    expect(explainMaintenancePlanCard(ended, 'en').summary).toBe(
      'Cancelled: 1 of 2 nodes done; wk-2 was still in progress.',
    );
  });
});

describe('a second pause says the pause is already asked', () => {
  it('en and ko', () => {
    const p = {
      ...plan('running', [node('wk-1', 'running'), node('wk-2', 'pending')]),
      pauseRequested: true,
    };
    expect(explainPlanRefusal('already-pausing', p, 'en')).toBe(
      'A pause of mp-abcdefghij is already asked: it pauses after the node in progress.',
    );
    const ko = explainPlanRefusal('already-pausing', p, 'ko');
    expect(ko).toContain('이미 일시 정지');
    expect(ko).not.toContain('그렇게 할 수 없습니다');
  });
});

describe('the lock status of a cluster without kured', () => {
  it('says kured is not installed, never "Both locks are free" (en and ko)', () => {
    const report = {
      maintenance: { lease: 'k8s-ha-bot/k8s-ha-bot-maintenance', holder: null },
      kured: { daemonSet: null, holders: [] },
    };
    const ctx = { requestId: 'r1', cluster: 'prod' };
    const en = explainLockStatus(report, { ...ctx, locale: 'en' }).summary;
    expect(en).not.toMatch(/Both locks/);
    expect(en).toBe('The maintenance lock is free; kured is not installed, so there is no kured lock.');
    const ko = explainLockStatus(report, { ...ctx, locale: 'ko' }).summary;
    expect(ko).not.toMatch(/두 잠금/);
    expect(ko).toContain('kured');
  });
});

describe('durations of whole minutes and hours', () => {
  it('carry no "0 s" / "0 min" (en and ko)', () => {
    const en = translator('en');
    const ko = translator('ko');
    expect(formatDuration(en, 120_000)).toBe('2 min');
    expect(formatDuration(en, 60_000)).toBe('1 min');
    expect(formatDuration(en, 3_600_000)).toBe('1 h');
    expect(formatDuration(en, 125_000)).toBe('2 min 5 s');
    expect(formatDuration(en, 3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(ko, 120_000)).toBe('2분');
    expect(formatDuration(ko, 3_600_000)).toBe('1시간');
    expect(formatDuration(ko, 125_000)).toBe('2분 5초');
  });
});
