/**
 * One eviction model per answer (issue 16; reader5 F5, F6, F7, F15, F32): what a drain does to
 * each pod on the node is decided once (src/analysis/eviction-model.ts) and every sentence of a
 * drain or reboot answer follows it, in English and Korean.
 *
 * Expectations decided from the docs before running the bot:
 * - "API-initiated Eviction" (https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/):
 *   an eviction a PodDisruptionBudget does not allow gets 429 Too Many Requests; the pod is not
 *   evicted. "Safely Drain a Node" (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/):
 *   kubectl drain honours PodDisruptionBudgets and retries refused evictions, so it waits there;
 *   DaemonSet and static pods are not evicted by a drain and keep running on the node.
 * - Rook design, ceph-managed-disruptionbudgets.md (rook/rook): with an OSD down, the other failure
 *   domains get maxUnavailable 0 budgets, so hydra-wk-1's OSD is not evicted (scenario 42).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  s09: join(SCENARIOS, '09-worker-pdb-minavailable-equals-replicas.json'),
  s42: join(SCENARIOS, '42-worker-rook-ceph-osd-down-blocking-pdb.json'),
  s07: join(SCENARIOS, '07-untainted-control-plane-with-workloads.json'),
  r01: join(REAL_CLUSTERS, '01-sonobuoy-kind-1cp-2w.json'),
});
afterAll(() => answers.close());
const ask = answers.ask;

describe('a pod whose eviction a budget refuses stays, and the drain waits on it', () => {
  it.each(['can I reboot indus-wk-1', 'can I drain indus-wk-1'])(
    's09 %s (en): the payments pod is not evicted, not recreated, and needs no room elsewhere',
    async (q) => {
      const en = await ask('s09', q, 'en');
      expect(en).toMatch(/HTTP 429/);
      expect(en).not.toMatch(
        /evicted by the drain and recreated|drain evicts from indus-wk-1: it is recreated/,
      );
      expect(en).not.toMatch(/room for the (evicted )?pod/);
      expect(en).not.toMatch(/payments \(Deployment, payments\)[^\n]*while it is rescheduled/);
      // The drain evicts nothing; the pod keeps running there.
      expect(en).toMatch(/The drain evicts no pod/);
      expect(en).toMatch(/the drain, at payments\/payments-[a-z0-9-]+: payments\/payments-pdb refuses/);
      expect(en).toMatch(/payments\/payments-[a-z0-9-]+ on indus-wk-1: not evicted/);
    },
  );

  it.each(['indus-wk-1 재부팅해도 돼?', 'indus-wk-1 드레인해도 돼?'])('s09 %s (ko)', async (q) => {
    const ko = await ask('s09', q, 'ko');
    expect(ko).toMatch(/HTTP 429/);
    expect(ko).not.toMatch(/드레인으로 축출되어 다른 노드에서 다시 생성됨|다른 노드에 다시 만들어짐/);
    expect(ko).not.toMatch(/payments \(Deployment, payments\)[^\n]*그 파드가 다시 스케줄되는 동안/);
    expect(ko).toMatch(/축출되지 않고 계속 실행됨/);
  });

  it('s42 drain hydra-wk-1 (en): the OSD its Rook budget refuses is neither "evicted" nor "allowed the drain"', async () => {
    const en = await ask('s42', 'can I drain hydra-wk-1', 'en');
    expect(en).not.toMatch(/rook-ceph-osd-0 \(Deployment, rook-ceph\)[^\n]*allow the drain/);
    expect(en).toMatch(
      /rook-ceph-osd-0 \(Deployment, rook-ceph\)[^\n]*refuses its eviction now \(HTTP 429\)/,
    );
    // Only mon-a is evicted and stays Pending; one pod moves (frontend); osd-0 stays.
    expect(en).not.toMatch(/the 2 pods pinned to hydra-wk-1/);
    expect(en).toMatch(/the pod pinned to hydra-wk-1/);
    expect(en).toMatch(
      /The drain evicts 2 pods \(1 started again on another node and 1 tied to hydra-wk-1, Pending until it can run there again\)/,
    );
    expect(en).toMatch(/rook-ceph\/rook-ceph-osd-0-[a-z0-9-]+ on hydra-wk-1: not evicted/);
  });

  it('s42 drain and reboot hydra-wk-1 (en, ko): the refused OSD is not "down for the whole reboot" in Stops', async () => {
    const en = await ask('s42', 'can I drain and reboot hydra-wk-1', 'en');
    expect(en).toMatch(/rook-ceph-mon-a: down for the whole reboot/);
    expect(en).not.toMatch(/rook-ceph-osd-0: down for the whole reboot|and rook-ceph-osd-0: down for/);
    expect(en).toMatch(/hydra-wk-1 is not ready to reboot/);
    const ko = await ask('s42', 'hydra-wk-1 드레인하고 재부팅해도 돼?', 'ko');
    expect(ko).toMatch(/rook-ceph-osd-0 \(Deployment, rook-ceph\)[^\n]*HTTP 429/);
  });

  it('s42 reboot hydra-wk-3 (en, ko): the OSD already in CrashLoopBackOff is said down already, not taken down', async () => {
    const en = await ask('s42', 'can I reboot hydra-wk-3', 'en');
    expect(en).toMatch(
      /rook-ceph-osd-2 \(Deployment, rook-ceph\)[^\n]*already not Ready \(CrashLoopBackOff\)/,
    );
    expect(en).not.toMatch(/rook-ceph-osd-2 \(Deployment, rook-ceph\)[^\n]*allow the drain/);
    expect(en).not.toMatch(/rook-ceph-osd-2: down for the whole reboot|and rook-ceph-osd-2: down for/);
    const ko = await ask('s42', 'hydra-wk-3 재부팅해도 돼?', 'ko');
    expect(ko).toMatch(
      /rook-ceph-osd-2 \(Deployment, rook-ceph\)[^\n]*이미 Ready가 아닙니다\(CrashLoopBackOff\)/,
    );
  });
});

describe('the counts of a drain add up (reader5 F15)', () => {
  // The file holds no DaemonSet: kubectl against it deletes its 3 DaemonSet pods under --force
  // (filters.go daemonSetFilter; issue 28, oracle group 7), so 6 pods are asked and each is said.
  it('r01 reboot kind-control-plane (en, ko): "evicts 6" says what becomes of each of the 6', async () => {
    const en = await ask('r01', 'can I reboot kind-control-plane', 'en');
    expect(en).toMatch(
      /The drain evicts 6 pods \(1 started again on another node, 2 never scheduled, Pending as before and 3 DaemonSet pods whose DaemonSet is not in the snapshot/,
    );
    expect(en).not.toMatch(/The drain evicts 6 pods;/);
    const ko = await ask('r01', 'kind-control-plane 재부팅해도 돼?', 'ko');
    expect(ko).toMatch(
      /드레인은 파드 6개를 축출합니다 \(1개는 다른 노드에서 다시 생성[^\n]*2개는 스케줄된 적이 없어[^\n]*3개는 스냅샷에 DaemonSet이 없는/,
    );
  });
});

describe('a drain answer describes a drain, not a reboot (reader5 F7)', () => {
  it('s07 drain gemini-cp-1 (en, ko): nothing "goes down with the master" or "comes back with the node"', async () => {
    const en = await ask('s07', 'can I drain gemini-cp-1', 'en');
    expect(en).not.toMatch(/go down with the master|come back with the node/);
    expect(en).toMatch(/Workloads run on control-plane node gemini-cp-1/);
    const ko = await ask('s07', 'gemini-cp-1 드레인해도 돼?', 'ko');
    expect(ko).not.toMatch(/노드와 함께 돌아옵니다|(?:마스터|그 노드)와 함께 내려갑니다/);
  });
});

describe('nodes drained together: a budget that allows no eviction keeps its pods (h-v3b leftover)', () => {
  it('s09 drain indus-wk-1 and indus-wk-2 (en, ko): payments is not "down", its pods need no room, the drains wait', async () => {
    const en = await ask('s09', 'can I drain indus-wk-1 and indus-wk-2', 'en');
    expect(en).not.toMatch(/payments[^\n]*(down until they are rescheduled|downtime until rescheduled)/);
    expect(en).not.toMatch(/fit on no remaining node|fits on a remaining node/);
    expect(en).toMatch(
      /the drains, at payments\/payments-[a-z0-9-]+ and payments\/payments-[a-z0-9-]+: a PodDisruptionBudget refuses their eviction \(HTTP 429\)/,
    );
    const ko = await ask('s09', 'indus-wk-1, indus-wk-2 동시에 드레인해도 돼?', 'ko');
    expect(ko).toMatch(/드레인이 payments\/payments-[^\n]*에서 멈춤/);
    expect(ko).not.toMatch(/payments: [^\n]*다운타임/);
  });

  it('s42 reboot hydra-wk-1 and hydra-wk-2 (en): the OSDs their Rook budgets refuse are not counted as pinned and evicted', async () => {
    const en = await ask('s42', 'can I reboot hydra-wk-1 and hydra-wk-2', 'en');
    expect(en).toMatch(
      /the drains, at rook-ceph\/rook-ceph-osd-0-[a-z0-9-]+ and rook-ceph\/rook-ceph-osd-1-[a-z0-9-]+: a PodDisruptionBudget refuses/,
    );
    expect(en).not.toMatch(/rook-ceph-osd-[01]-[^\n]*pinned to their node/);
    expect(en).toMatch(
      /The drain evicts 4 pods \(2 started again on other nodes and 2 tied to their node \(hydra-wk-1 and hydra-wk-2\)/,
    );
  });
});

describe('a node that fails is not drained: no budget holds its pods (the model is undone for a loss)', () => {
  it('s09 what if indus-wk-1 fails (en): the payments pod is recreated elsewhere, no refused eviction', async () => {
    // "PodDisruptionBudgets … limit evictions, not node failures"
    // (https://kubernetes.io/docs/concepts/workloads/pods/disruptions/).
    const en = await ask('s09', 'what if indus-wk-1 fails', 'en');
    expect(en).not.toMatch(/HTTP 429|the drain, at |not evicted while/);
    expect(en).toMatch(/payments \(Deployment, payments\)[^\n]*while it is rescheduled/);
  });
});

describe('pods bound to the node that a budget keeps there are not "down for the whole reboot"', () => {
  it('s42 reboot hydra-wk-1 (en, ko): only mon-a is named among the pods bound to it; what-if keeps both', async () => {
    const en = await ask('s42', 'can I reboot hydra-wk-1', 'en');
    expect(en).toMatch(
      /A pod bound to hydra-wk-1 \([^)]*\): rook-ceph\/rook-ceph-mon-a-[a-z0-9-]+\. It is down/,
    );
    expect(en).not.toMatch(/bound to hydra-wk-1[^\n]*rook-ceph-osd-0/);
    const ko = await ask('s42', 'hydra-wk-1 재부팅해도 돼?', 'ko');
    expect(ko).not.toMatch(/hydra-wk-1에 묶인 파드[^\n]*rook-ceph-osd-0/);
    // A failure is no drain: both are bound to the lost node and down until it is back.
    const lost = await ask('s42', 'what if hydra-wk-1 fails', 'en');
    expect(lost).toMatch(/Pods bound to hydra-wk-1[^\n]*rook-ceph-mon-a[^\n]*rook-ceph-osd-0/);
  });
});

describe('pinned pods of several workloads under one budget (Rook mon-pdb over mons a and b)', () => {
  it('s42 drain hydra-wk-1 and hydra-wk-2 (en, ko): neither mon is said down for sure; Stops says it per budget', async () => {
    const en = await ask('s42', 'can I drain hydra-wk-1 and hydra-wk-2', 'en');
    expect(en).not.toMatch(/rook-ceph-mon-[ab] is pinned to [^\n]*is down until/);
    expect(en).toMatch(
      /rook-ceph\/rook-ceph-mon-a is pinned to hydra-wk-1; PodDisruptionBudget rook-ceph\/rook-ceph-mon-pdb guards 2 pinned pods/,
    );
    expect(en).toMatch(
      /• rook-ceph\/rook-ceph-mon-a-[a-z0-9-]+ and rook-ceph\/rook-ceph-mon-b-[a-z0-9-]+: pinned to their node; PodDisruptionBudget rook-ceph\/rook-ceph-mon-pdb lets the drains evict one of them/,
    );
    const ko = await ask('s42', 'hydra-wk-1, hydra-wk-2 동시에 드레인해도 돼?', 'ko');
    expect(ko).toMatch(/rook-ceph-mon-pdb[^\n]*고정된 파드 2개를 지키며/);
  });
});
