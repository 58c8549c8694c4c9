/**
 * Reboot-impact analysis on recorded snapshots, with the snapshot changed to the case at hand.
 */
import { describe, expect, it } from '@jest/globals';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';

const WORKER_SCENARIO = 'test/fixtures/scenarios/08-worker-single-replica-deployment.json';

describe('reboot of a worker node', () => {
  it('is unsafe while etcd has a NOSPACE alarm: evictions fail cluster-wide', async () => {
    const file = await loadSnapshotFile(WORKER_SCENARIO);
    const snapshot = snapshotFromFile(file, 'test', 'hydra-wk-2');
    const etcd = snapshot.etcd;
    if (!etcd) throw new Error('scenario has no etcd block');
    const member = etcd.members[0];
    if (!member) throw new Error('scenario has no etcd member');
    const before = analyzeRebootImpact(snapshot, 'hydra-wk-2', snapshot.capturedAt);
    expect(before.findings.some((f) => f.check === 'etcd-alarms')).toBe(false);
    const withAlarm = { ...snapshot, etcd: { ...etcd, alarms: [{ memberId: member.id, alarm: 'NOSPACE' }] } };
    const after = analyzeRebootImpact(withAlarm, 'hydra-wk-2', snapshot.capturedAt);
    expect(after.verdict).toBe('unsafe');
    const alarm = after.findings.find((f) => f.check === 'etcd-alarms');
    expect(alarm?.severity).toBe('block');
    expect(alarm?.facts.alarms).toEqual([`NOSPACE (${member.name})`]);
  });
});
