/**
 * Issue 30, items 1 and 2, third round: the kinds of miss of mined set d
 * (test/fixtures/requests/mined-2026-12-d.json, first run on main db8f2a2: 63.6 %, 1 wrong node),
 * each in English and Korean with phrasings of our own (not the set's), read as `ask --format
 * json` reads them (the adapter's parse, then the worker's second reading with the demo cluster's
 * node list). Expected readings follow the meaning of the words and these sources:
 * - a DaemonSet or Deployment is restarted, updated and rolled back by rolling its Pods (`kubectl
 *   rollout restart|undo`, kubernetes.io/docs/reference/kubectl/generated/kubectl_rollout/); kube-proxy,
 *   CoreDNS and the CNI plugin (kube-router among them) are such add-ons;
 * - kured holds its lock while its node reboots and a stale lock is broken by hand (kubereboot/kured README);
 * - a container that keeps restarting is in CrashLoopBackOff, a failure
 *   (kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-restarts);
 * - `kubectl cordon` "marks node as unschedulable" (kubectl cordon --help);
 * - a majority of etcd members lost is recovered from a snapshot or `--cluster-reset`
 *   (kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#restoring-an-etcd-cluster,
 *   docs.k3s.io/cli/server).
 */
import { describe, expect, it } from '@jest/globals';
import { readLine } from '../helpers/mined-requests.js';

const NODES = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

const cases = (rows: readonly [string, string][]): void => {
  it.each(rows)('%s → %s', (text, want) => {
    expect(readLine(text, NODES)).toBe(want);
  });
};

describe("an add-on's DaemonSet or Deployment restarted, updated or rolled back is its rollout", () => {
  cases([
    ['restart the kube-proxy daemonset, is that safe?', 'rolling-update []'],
    ['kubectl rollout restart deploy/coredns -n kube-system ok?', 'rolling-update []'],
    ['update the cluster add-ons (coredns, kube-proxy) first', 'rolling-update []'],
    ['upgrade the kube-router daemonset', 'rolling-update []'],
    ['calico 데몬셋 재시작해도 되나요?', 'rolling-update []'],
    ['coredns 디플로이먼트 재기동하면 영향 있어?', 'rolling-update []'],
    ['애드온(coredns, kube-proxy) 먼저 업데이트 해줘', 'rolling-update []'],
  ]);
  it('a restart of the add-on alone stays its restart', () => {
    expect(readLine('restart coredns', NODES)).toBe('component-restart []');
  });
});

describe('a rollout of no add-on named is clarified with the rollouts', () => {
  cases([
    ['roll back the deployment', 'ask: rolling-update []'],
    ['데몬셋 롤백해줘', 'ask: rolling-update []'],
  ]);
});

describe('a lock released or unlocked is break-lock; the node still rebooting is the lock status', () => {
  cases([
    ['the kured lock is still there — release it', 'break-lock []'],
    ['kured lock stuck after the reboot — clear the held lock', 'break-lock []'],
    ['재부팅 후에도 잠금이 풀리지 않았어요; 잠금 해제해줘', 'break-lock []'],
    ['which node is currently rebooting?', 'lock-status []'],
    ['어느 노드가 지금 재부팅 중이에요?', 'lock-status []'],
  ]);
});

describe('who the leader is asks the status', () => {
  cases([
    ['who is the leader right now?', 'status []'],
    ['현재 leader가 누구예요?', 'status []'],
  ]);
});

describe('a component that keeps restarting or cannot start after a reboot is down; the reboot is context', () => {
  cases([
    ['containerd keeps restarting on atlas-wk-1', 'component-down [atlas-wk-1]'],
    ["kubelet won't start after the reboot of atlas-wk-2", 'component-down [atlas-wk-2]'],
    ['when we reboot the master node, etcd could not start', 'component-down []'],
    ['atlas-wk-1에서 kubelet이 계속 재시작만 반복해요', 'component-down [atlas-wk-1]'],
    ['atlas-wk-2의 컨테이너 런타임이 Ready가 아니에요', 'component-down [atlas-wk-2]'],
  ]);
});

describe("a pasted SysV `service NAME start` on a node is that node's component restart", () => {
  cases([
    ['ssh atlas-wk-2 service containerd start', 'component-restart [atlas-wk-2]'],
    ['ssh atlas-wk-1 service kubelet start 해도 돼?', 'component-restart [atlas-wk-1]'],
  ]);
});

describe('a node not named failing, or one of several masters, is node-down over the nodes', () => {
  cases([
    ['what happens if the node running my database dies?', 'node-down []'],
    ['what if one of the masters in our HA cluster goes down?', 'node-down []'],
    ['power off the node where the pod runs? how long until it is marked down?', 'node-down []'],
    ['HA 클러스터에서 마스터 노드 하나가 죽으면?', 'node-down []'],
  ]);
});

describe('the control plane that lost its function, or a cluster after a power outage, is down', () => {
  cases([
    ['after a power outage our cluster does not come back', 'control-plane-down []'],
    ['정전 이후 클러스터가 안 올라와요', 'control-plane-down []'],
    ['컨트롤 플레인이 기능을 상실했어요', 'control-plane-down []'],
  ]);
});

describe("etcd restored from a snapshot is the quorum's loss", () => {
  cases([
    ['how do I restore etcd from a snapshot?', 'etcd-quorum-loss []'],
    ['etcd 스냅샷으로 복원해야 하나요?', 'etcd-quorum-loss []'],
  ]);
});

describe('a reboot of a role with no node named is clarified with its readings, never refused or guessed', () => {
  cases([
    ['if I power off one master and power it back on, does it rejoin?', 'ask: reboot []'],
    ['마스터 노드 하나를 껐다가 다시 켜면 다시 붙나요?', 'ask: reboot []'],
  ]);
  it('a pronoun alone still asks which node', () => {
    expect(readLine('can I reboot it', NODES)).toBe('no-earlier-node');
  });
});

describe('cordon said as marking unschedulable, pods stopped gracefully, nodes one at a time: a drain', () => {
  cases([
    ['mark every node as unschedulable', 'drain []'],
    ['gracefully stop the pods on all workers', 'drain []'],
    ['모든 워커를 스케줄 불가로 표시해줘', 'drain []'],
    ['노드를 하나씩 드레인할 수 있나요?', 'drain []'],
  ]);
});

describe('updates the nodes need, or a cluster patched, are an upgrade', () => {
  cases([
    ['the worker nodes need updates, how should we do it?', 'upgrade []'],
    ['patching the cluster one node at a time, how?', 'upgrade []'],
    ['클러스터를 패치하려면 노드 하나씩 해야 하나요?', 'upgrade []'],
  ]);
});

describe('steps on one node and then the next, or nodes in a maintenance window, is the maintenance plan; maintain and restart X is maintenance', () => {
  cases([
    ['drain a worker, patch it, uncordon it, then move on to the next node', 'maintenance-plan []'],
    ['노드 하나 드레인하고 재부팅한 다음 다음 노드로 넘어가 줘', 'maintenance-plan []'],
    ['stop, maintain and restart atlas-wk-2', 'maintenance [atlas-wk-2]'],
    ['atlas-wk-2 멈추고 유지보수한 뒤 재시작해줘', 'maintenance [atlas-wk-2]'],
    ["reboot all workers in tonight's maintenance window, maxParallel 1", 'maintenance-plan []'],
    ['워커 노드들을 유지보수 창(maintenance window)에서 드레인해줘', 'maintenance-plan []'],
  ]);
});
