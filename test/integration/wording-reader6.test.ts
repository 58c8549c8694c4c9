/**
 * What a reader found (issue 16, reader6 B23, B21, B12): Korean and English sentences that read
 * wrong although their facts were right, and a status that called every node fine while the node
 * answers warned of a stale node Lease. Each assertion fails on the code before the fix.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  r10: join(REAL_CLUSTERS, '10-qovery-eks-v1.16-1node.json'),
  s41: join(SCENARIOS, '41-worker-local-path-pv-pinned-statefulset-pod.json'),
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  s47: join(SCENARIOS, '47-worker-node-lease-stale-v1.33-grace-50s.json'),
  s48: join(SCENARIOS, '48-worker-node-lease-stale-v1.31-grace-40s.json'),
  r07: join(REAL_CLUSTERS, '07-insights-openshift-3masters-3workers.json'),
  r14: join(REAL_CLUSTERS, '14-managedkube-gke-v1.10-node-and-pod.json'),
});
afterAll(() => answers.close());

describe('wording found by reader6', () => {
  it('a one-node cluster is not "all" of one node (Korean 모두)', async () => {
    const ko = await answers.ask('r10', 'status', 'ko');
    expect(ko).not.toContain('1대 모두');
    expect(ko).toContain('노드 1대, Ready이고 스케줄 가능.');
    const en = await answers.ask('r10', 'status', 'en');
    expect(en).toContain('1 node, Ready and schedulable.');
  });

  it('the room sentence names its destination once (Korean)', async () => {
    const ko = await answers.ask('s41', 'can I reboot hydra-wk-1', 'ko');
    expect(ko).not.toContain('그쪽으로 옮겨 갈');
  });

  it('help says what can be asked: drain, upgrade and failures too', async () => {
    const en = await answers.ask('s01', 'help', 'en');
    expect(en).toMatch(/rebooted, drained or upgraded, what happens if it fails/);
    const ko = await answers.ask('s01', 'help', 'ko');
    expect(ko).toContain('재부팅·드레인·업그레이드해도 되는지');
  });

  it('no "all 2" in English', async () => {
    const en = await answers.ask('s01', 'can I reboot atlas-cp-1 and atlas-cp-2', 'en');
    expect(en).not.toMatch(/\ball 2\b/);
  });
});

describe('status reads the node Lease as the node answers do (reader6 B12)', () => {
  // Kubernetes docs, Node heartbeats (https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats):
  // a kubelet renews its node Lease every 10 s; past the node-monitor grace period (50 s from 1.32,
  // 40 s before) it is not reporting. Scenario 47: lyra-wk-2's Lease is 52 s old on v1.33;
  // scenario 48: mensa-wk-2's is 44 s old on v1.31. Both nodes still say Ready.
  it.each([
    ['s47', 'lyra-wk-2', '52 s', '50 s'],
    ['s48', 'mensa-wk-2', '44 s', '40 s'],
  ])('%s: the stale Lease of %s is named, and the status is not HEALTHY', async (name, node, age, grace) => {
    const en = await answers.ask(name, 'status', 'en');
    expect(en).not.toMatch(/^\[HEALTHY\]/);
    expect(en).not.toContain('all Ready and schedulable');
    expect(en).toContain(`The node Lease of ${node} was last renewed ${age} ago (more than the ${grace}`);
    const ko = await answers.ask(name, 'status', 'ko');
    expect(ko).not.toContain('모두 Ready이고 스케줄 가능');
    expect(ko).toContain(`${node}의 kubelet이 노드 Lease를 갱신하지 않고 있습니다`);
  });

  it('a fresh Lease adds nothing (scenario 01)', async () => {
    const en = await answers.ask('s01', 'status', 'en');
    expect(en).not.toContain('node Lease');
  });
});

describe('an etcd restart claims no election only when the leader is known (reader6 B16)', () => {
  // etcd: a follower's restart triggers no election; a leader's clean stop transfers leadership
  // (etcd server Stop, TransferLeadership). Real 07 records no etcd status, so who leads is unknown.
  it('real 07: leader not seen, so the election is said conditionally', async () => {
    const en = await answers.ask('r07', 'can I restart etcd on ci-ln-ywdpkbt-f76d1-vw6lz-master-0', 'en');
    expect(en).not.toContain('it triggers no leader election');
    expect(en).toContain('if it was the leader');
    const ko = await answers.ask('r07', 'can I restart etcd on ci-ln-ywdpkbt-f76d1-vw6lz-master-0', 'ko');
    expect(ko).toContain('그 멤버가 리더였다면');
  });

  it('scenario 01: a follower (atlas-cp-2; atlas-cp-1 leads) triggers no election', async () => {
    const en = await answers.ask('s01', 'can I restart etcd on atlas-cp-2', 'en');
    expect(en).toContain('it triggers no leader election');
  });
});

describe('status says when one node runs every workload (reader6 B13)', () => {
  // A pod is rescheduled only onto another Ready node it can be scheduled on (Kubernetes docs,
  // Taints and tolerations; kube-scheduler): with one such node there is nowhere to go.
  it('real 10 (one-node EKS): not HEALTHY; the only node is named, en and ko', async () => {
    const en = await answers.ask('r10', 'status', 'en');
    expect(en).not.toMatch(/^\[HEALTHY\]/);
    // The headline gives the reason: the data plane (reader7), not "data-plane checks only".
    expect(en).toContain(
      'DEGRADED: the control plane is managed by your provider; the problem is in the data plane',
    );
    expect(en).toMatch(
      /ip-10-0-105-29\.us-east-2\.compute\.internal is the only node: every workload runs there/,
    );
    const ko = await answers.ask('r10', 'status', 'ko');
    expect(ko).toContain('유일한 노드입니다');
    expect(ko).toContain('문제는 데이터 플레인');
  });

  it('real 14 (GKE file with pods of nodes it does not list): no "only node" claim', async () => {
    const en = await answers.ask('r14', 'status', 'en');
    expect(en).not.toMatch(/is the only (node|Ready, schedulable node)/);
  });

  it('scenario 01 (two workers): nothing said', async () => {
    expect(await answers.ask('s01', 'status', 'en')).not.toMatch(
      /is the only (node|Ready, schedulable node)/,
    );
  });
});
