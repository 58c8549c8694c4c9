/**
 * Fleet maintenance commands: plans and their controls, English and Korean; one node
 * alone stays a single-node request; bad selectors, clusters and plan ids are refused by name.
 */
import { describe, expect, it } from '@jest/globals';
import type { KNode } from '../../src/cluster/types.js';
import {
  PLAN_HELP_EXAMPLES,
  parseMaintenancePlanCommand,
} from '../../src/commands/parse-maintenance-plan-command.js';
import { resolvePlanTargets } from '../../src/maintenance/plan/resolve-plan-targets.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import { MAX_SELECTOR_LENGTH } from '../../src/commands/names.js';

describe('parseMaintenancePlanCommand', () => {
  it.each([
    [
      'maintain all workers kernel patch',
      { kind: 'maintenance-plan', targets: { kind: 'all-workers' }, reason: 'kernel patch', lang: 'en' },
    ],
    [
      'maintain all nodes in prod: kernel patch',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'all' },
        reason: 'kernel patch',
        cluster: 'prod',
        lang: 'en',
      },
    ],
    [
      'maintain the control plane --cluster atlas etcd upgrade',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'control-plane' },
        reason: 'etcd upgrade',
        cluster: 'atlas',
        lang: 'en',
      },
    ],
    [
      'maintain atlas-cp-1 atlas-cp-2 atlas-cp-3',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'nodes', nodes: ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3'] },
        reason: '',
        lang: 'en',
      },
    ],
    [
      'maintain atlas-wk-1, atlas-wk-2 kernel 6.8',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'nodes', nodes: ['atlas-wk-1', 'atlas-wk-2'] },
        reason: 'kernel 6.8',
        lang: 'en',
      },
    ],
    [
      'maintain -l pool=blue firmware',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'selector', selector: 'pool=blue' },
        reason: 'firmware',
        lang: 'en',
      },
    ],
    [
      '모든 워커 유지보수 요청 커널 패치',
      { kind: 'maintenance-plan', targets: { kind: 'all-workers' }, reason: '커널 패치', lang: 'ko' },
    ],
    [
      'prod 클러스터 전체 노드 재부팅 요청',
      { kind: 'maintenance-plan', targets: { kind: 'all' }, reason: '', cluster: 'prod', lang: 'ko' },
    ],
    [
      'atlas-cp-1 atlas-cp-2 유지보수 요청 커널',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'nodes', nodes: ['atlas-cp-1', 'atlas-cp-2'] },
        reason: '커널',
        lang: 'ko',
      },
    ],
    [
      '-l pool=blue 유지보수 요청',
      {
        kind: 'maintenance-plan',
        targets: { kind: 'selector', selector: 'pool=blue' },
        reason: '',
        lang: 'ko',
      },
    ],
    [
      'pause mp-abcdefgh23',
      { kind: 'maintenance-plan-control', action: 'pause', planId: 'mp-abcdefgh23', lang: 'en' },
    ],
    [
      'skip mp-abcdefgh23',
      { kind: 'maintenance-plan-control', action: 'skip', planId: 'mp-abcdefgh23', lang: 'en' },
    ],
    [
      'mp-abcdefgh23 재개',
      { kind: 'maintenance-plan-control', action: 'resume', planId: 'mp-abcdefgh23', lang: 'ko' },
    ],
    [
      'mp-abcdefgh23 중단',
      { kind: 'maintenance-plan-control', action: 'stop', planId: 'mp-abcdefgh23', lang: 'ko' },
    ],
  ])('%s', (text, expected) => {
    expect(parseMaintenancePlanCommand(text)).toEqual(expected);
  });

  it('one node stays a single-node request (this parser answers null; the maintenance grammar takes it)', () => {
    expect(parseMaintenancePlanCommand('maintain atlas-cp-2 kernel update')).toBeNull();
    expect(parseMaintenancePlanCommand('atlas-cp-2 유지보수 요청')).toBeNull();
    expect(parseCommand('maintain atlas-cp-2 kernel update')).toMatchObject({
      ok: true,
      command: { kind: 'maintenance-request', node: 'atlas-cp-2' },
    });
  });

  it('refuses by name: a bad selector, a bad cluster, a plan id that is not one', () => {
    expect(parseMaintenancePlanCommand('maintain -l pool=(blue firmware')).toEqual({
      kind: 'error',
      error: 'invalid-selector',
      detail: 'pool=(blue',
      lang: 'en',
    });
    expect(parseMaintenancePlanCommand('maintain all workers --cluster Bad_Name x')).toMatchObject({
      kind: 'error',
      error: 'invalid-cluster',
    });
    expect(parseMaintenancePlanCommand('pause mp-123')).toEqual({
      kind: 'error',
      error: 'invalid-plan-id',
      detail: 'mp-123',
      lang: 'en',
    });
  });

  it('resolves targets against the cluster; an unknown name is named and nothing is planned', () => {
    const node = (name: string, labels: Record<string, string>): KNode =>
      ({ metadata: { name, labels } }) as unknown as KNode;
    const nodes = [
      node('cp-1', { 'node-role.kubernetes.io/control-plane': '' }),
      node('wk-1', { pool: 'blue' }),
      node('wk-2', { pool: 'green' }),
    ];
    expect(resolvePlanTargets({ kind: 'all-workers' }, nodes)).toEqual({ ok: true, nodes: ['wk-1', 'wk-2'] });
    expect(resolvePlanTargets({ kind: 'control-plane' }, nodes)).toEqual({ ok: true, nodes: ['cp-1'] });
    expect(resolvePlanTargets({ kind: 'selector', selector: 'pool=blue' }, nodes)).toEqual({
      ok: true,
      nodes: ['wk-1'],
    });
    expect(resolvePlanTargets({ kind: 'nodes', nodes: ['wk-2', 'wk-9'] }, nodes)).toEqual({
      ok: false,
      unknown: ['wk-9'],
    });
  });
});

describe('plan and lock commands through parseCommand', () => {
  it.each([
    [
      'maintain all workers kernel patch',
      { kind: 'maintenance-plan', targets: { kind: 'all-workers' } },
      'en',
    ],
    ['maintain gen-cp-1 gen-cp-2 --cluster prod', { kind: 'maintenance-plan', cluster: 'prod' }, 'en'],
    [
      '@k8s-ha-bot maintain -l pool=blue firmware',
      { kind: 'maintenance-plan', targets: { kind: 'selector' } },
      'en',
    ],
    ['모든 워커 유지보수 요청', { kind: 'maintenance-plan', targets: { kind: 'all-workers' } }, 'ko'],
    [
      'pause mp-abcdefgh23',
      { kind: 'maintenance-decision', action: 'pause', requestId: 'mp-abcdefgh23' },
      'en',
    ],
    [
      'mp-abcdefgh23 건너뛰기',
      { kind: 'maintenance-decision', action: 'skip', requestId: 'mp-abcdefgh23' },
      'ko',
    ],
    [
      'approve lb-abcdefgh23',
      { kind: 'maintenance-decision', action: 'approve', requestId: 'lb-abcdefgh23' },
      'en',
    ],
    ['status mp-abcdefgh23', { kind: 'maintenance-status', requestId: 'mp-abcdefgh23' }, 'en'],
    ['who holds the lock', { kind: 'lock-status' }, 'en'],
    ['lock', { kind: 'lock-status' }, 'en'],
    ['who has the lock in prod?', { kind: 'lock-status', cluster: 'prod' }, 'en'],
    ['잠금 상태', { kind: 'lock-status' }, 'ko'],
    ['prod 클러스터 잠금 상태', { kind: 'lock-status', cluster: 'prod' }, 'ko'],
    ['break lock', { kind: 'break-lock', lock: 'any' }, 'en'],
    ['break the kured lock', { kind: 'break-lock', lock: 'kured' }, 'en'],
    [
      'break lock maintenance --cluster prod',
      { kind: 'break-lock', lock: 'maintenance', cluster: 'prod' },
      'en',
    ],
    ['kured 잠금 해제', { kind: 'break-lock', lock: 'kured' }, 'ko'],
    ['잠금 강제 해제', { kind: 'break-lock', lock: 'any' }, 'ko'],
  ])('%s', (text, command, locale) => {
    expect(parseCommand(text)).toMatchObject({ ok: true, command, locale });
  });

  it('still reads the single-node and question forms around them', () => {
    expect(parseCommand('maintain atlas-wk-1 kernel patch')).toMatchObject({
      ok: true,
      command: { kind: 'maintenance-request', node: 'atlas-wk-1' },
    });
    expect(parseCommand('can I reboot all the workers')).toMatchObject({
      ok: true,
      command: { kind: 'multi-node' },
    });
    expect(parseCommand('pause mp-123')).toMatchObject({ ok: false, error: { code: 'invalid-request-id' } });
  });

  it.each(['en', 'ko'] as const)('%s help examples of plans and locks parse to their kinds', (locale) => {
    const kinds = PLAN_HELP_EXAMPLES[locale].map(({ example }) => {
      const r = parseCommand(example);
      expect({ example, ok: r.ok, locale: r.locale }).toEqual({ example, ok: true, locale });
      return r.ok ? r.command.kind : '';
    });
    expect(kinds).toEqual(['maintenance-plan', 'maintenance-decision', 'lock-status', 'break-lock']);
  });
});

describe('a selector longer than a queued job carries', () => {
  it('is refused when parsed, not queued and dropped by the worker (hostile re-run, issue 33)', () => {
    const selector = ['app=x', ...Array.from({ length: 200 }, (_, i) => `k${i}=v`)].join(',');
    expect(selector.length).toBeGreaterThan(MAX_SELECTOR_LENGTH);
    expect(parseMaintenancePlanCommand(`maintain -l ${selector} firmware`)).toMatchObject({
      kind: 'error',
      error: 'invalid-selector',
    });
    const within = Array.from({ length: 80 }, (_, i) => `k${i}=v`).join(',');
    expect(within.length).toBeLessThanOrEqual(MAX_SELECTOR_LENGTH);
    expect(parseMaintenancePlanCommand(`maintain -l ${within} firmware`)).toMatchObject({
      kind: 'maintenance-plan',
    });
  });
});
