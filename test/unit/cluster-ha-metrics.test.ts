/**
 * The cluster HA gauges of issue 32 item 5 (src/ops/metrics.ts): a reading is exported as read, an
 * unknown part of it (etcd health not seen, a certificate not read, the lock not read) has no
 * series instead of a healthy-looking 0, and a reading past its age is dropped. Plus how the
 * health report turns the maintenance Lease into seconds held past its TTL.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { lockOverdueS } from '../../src/answer/answer-health-report.js';
import type { KLease } from '../../src/cluster/types.js';
import {
  CLUSTER_HA_READING_MAX_AGE_MS,
  HEALTH_REPORT_READING_MAX_AGE_MS,
  metricsRegistry,
} from '../../src/ops/metrics.js';
import { recordClusterHaReading, recordHealthReportReading } from '../../src/util/metric-hooks.js';

/** The sample lines of the registry that start with `prefix`. */
async function samples(prefix: string): Promise<string[]> {
  return (await metricsRegistry.metrics()).split('\n').filter((l) => l.startsWith(prefix));
}

afterEach(() => {
  jest.useRealTimers();
});

describe('cluster HA gauges', () => {
  it('export an answer reading as read; unknown etcd health has no series; the reading is dropped after its age', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-01-10T00:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    recordClusterHaReading('u-known', () => ({
      etcdFailureTolerance: 0,
      leaseTransitions: { 'kube-controller-manager': 7 },
    }));
    recordClusterHaReading('u-unknown', () => ({ etcdFailureTolerance: null, leaseTransitions: {} }));
    expect(await samples('k8s_ha_bot_etcd_failure_tolerance{cluster="u-')).toEqual([
      'k8s_ha_bot_etcd_failure_tolerance{cluster="u-known"} 0',
    ]);
    expect(await samples('k8s_ha_bot_lease_transitions{cluster="u-')).toEqual([
      'k8s_ha_bot_lease_transitions{cluster="u-known",lease="kube-controller-manager"} 7',
    ]);
    jest.setSystemTime(Date.now() + CLUSTER_HA_READING_MAX_AGE_MS);
    expect(await samples('k8s_ha_bot_etcd_failure_tolerance{cluster="u-')).toEqual([]);
    expect(await samples('k8s_ha_bot_lease_transitions{cluster="u-')).toEqual([]);
  });

  it('export a health report reading: a certificate not read and a lock not read have no series', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-01-10T00:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    recordHealthReportReading('u-report', {
      certificates: [
        { source: 'apiserver', endpoint: '10.0.0.1:6443', notAfter: '2026-01-15T00:00:00.000Z' },
        { source: 'etcd', endpoint: '10.0.0.1:2379', notAfter: null },
      ],
      maintenanceLockOverdueS: null,
    });
    recordHealthReportReading('u-locked', { certificates: [], maintenanceLockOverdueS: 120 });
    expect(await samples('k8s_ha_bot_certificate_expiry_timestamp_seconds{cluster="u-')).toEqual([
      `k8s_ha_bot_certificate_expiry_timestamp_seconds{cluster="u-report",source="apiserver",endpoint="10.0.0.1:6443"} ${Date.parse('2026-01-15T00:00:00Z') / 1000}`,
    ]);
    expect(await samples('k8s_ha_bot_maintenance_lock_overdue_seconds{cluster="u-')).toEqual([
      'k8s_ha_bot_maintenance_lock_overdue_seconds{cluster="u-locked"} 120',
    ]);
    jest.setSystemTime(Date.now() + HEALTH_REPORT_READING_MAX_AGE_MS);
    expect(await samples('k8s_ha_bot_certificate_expiry_timestamp_seconds{cluster="u-')).toEqual([]);
    expect(await samples('k8s_ha_bot_maintenance_lock_overdue_seconds{cluster="u-')).toEqual([]);
  });

  it('export every scheduled post outcome at 0 before any (increase() cannot see a first increment otherwise)', async () => {
    const missed = await samples('k8s_ha_bot_scheduled_posts_total{outcome="failed"');
    expect(missed.map((l) => l.replace(/ \d+$/, ''))).toEqual([
      'k8s_ha_bot_scheduled_posts_total{outcome="failed",late="false"}',
      'k8s_ha_bot_scheduled_posts_total{outcome="failed",late="true"}',
    ]);
  });
});

describe('lockOverdueS', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const lease = (spec: KLease['spec']): KLease => ({
    metadata: { name: 'k8s-ha-bot-maintenance', namespace: 'k8s-ha-bot' },
    spec,
  });
  it.each([
    ['no Lease: free', null, 0],
    ['no holder: free', lease({ leaseDurationSeconds: 60, renewTime: '2026-01-10T10:00:00Z' }), 0],
    [
      'renewed 30 s ago, TTL 60 s: within it',
      lease({ holderIdentity: 'mr-a', leaseDurationSeconds: 60, renewTime: '2026-01-10T11:59:30Z' }),
      0,
    ],
    [
      'renewed 2 h ago, TTL 60 s: 7140 s past it',
      lease({ holderIdentity: 'mr-a', leaseDurationSeconds: 60, renewTime: '2026-01-10T10:00:00Z' }),
      7140,
    ],
    [
      'never renewed: acquireTime counts',
      lease({ holderIdentity: 'mr-a', leaseDurationSeconds: 60, acquireTime: '2026-01-10T11:50:00Z' }),
      540,
    ],
    ['held without times: unknown', lease({ holderIdentity: 'mr-a', leaseDurationSeconds: 60 }), null],
    [
      'held without a TTL: unknown',
      lease({ holderIdentity: 'mr-a', renewTime: '2026-01-10T10:00:00Z' }),
      null,
    ],
  ])('%s', (_, l, expected) => {
    expect(lockOverdueS(l, now)).toBe(expected);
  });
});
