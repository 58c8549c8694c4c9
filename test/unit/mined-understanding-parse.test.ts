/**
 * Issue 30, items 1 and 2: the kinds of miss of the mined phrasing set
 * (test/fixtures/requests/mined-2026-12-a.results.md), each in English and Korean, read as
 * `ask --format json` reads them (the adapter's parse, then the worker's second reading with the
 * demo cluster's node list). The phrasings are modelled on the set's sources, not copied from it.
 */
import { describe, expect, it } from '@jest/globals';
import { readAsAsk } from '../helpers/mined-requests.js';

const NODES = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

/** `intent [nodes]`, `ask: intent [nodes]` for a clarification's first choice, or the error code. */
function read(text: string): string {
  const r = readAsAsk(text, NODES);
  if (r.kind === 'refused') return r.code;
  const s = r.kind === 'request' ? r : r.first;
  return `${r.kind === 'ask' ? 'ask: ' : ''}${s.intent} [${s.nodes.join(', ')}]`;
}

const cases = (rows: readonly [string, string][]): void => {
  it.each(rows)('%s → %s', (text, want) => {
    expect(read(text)).toBe(want);
  });
};

describe('a cluster described, not named, in Korean ("운영 중인 클러스터에서") is no cluster name', () => {
  cases([
    ['운영 중인 클러스터에서 atlas-wk-2가 갑자기 다운되면 어떻게 되나요?', 'node-down [atlas-wk-2]'],
    ['사용자 클러스터의 etcd 상태 확인해줘', 'status []'],
    ['In our production cluster, what if atlas-wk-2 goes down?', 'node-down [atlas-wk-2]'],
  ]);
});

describe("another tool's flags quoted in prose are no options of ours", () => {
  cases([
    [
      'I want to upgrade one node at a time with --limit atlas-wk-1 when I run the playbook',
      'upgrade [atlas-wk-1]',
    ],
    ['--ignore-daemonsets 옵션을 써서 atlas-wk-2 drain 실행해도 될까', 'drain [atlas-wk-2]'],
    ['kube-scheduler --leader-elect true 인데 kube-scheduler 재시작하면 괜찮아?', 'component-restart []'],
  ]);
  it('a short request with an unknown option is still refused', () => {
    expect(read('reboot atlas-cp-2 --frce')).toBe('invalid-option');
    expect(read('atlas-cp-2 재부팅 --frce')).toBe('invalid-option');
  });
});

describe('pasted commands', () => {
  cases([
    ['etcdctl endpoint health --cluster', 'status []'],
    ['etcdctl member list -w table 결과로 멤버 상태 보고 싶어요', 'status []'],
    ['kubeadm upgrade apply v1.34.0 on atlas-cp-1', 'upgrade [atlas-cp-1]'],
    ['atlas-cp-2에서 kubeadm upgrade apply v1.34.0 해도 돼?', 'upgrade [atlas-cp-2]'],
    [
      'You run the kubectl drain and uncordon commands on the control-plane node: kubectl drain atlas-cp-1 --ignore-daemonsets',
      'drain [atlas-cp-1]',
    ],
    [
      'kubectl drain 과 uncordon 은 컨트롤 플레인 노드에서 실행합니다: kubectl drain atlas-cp-1 --ignore-daemonsets',
      'drain [atlas-cp-1]',
    ],
  ]);
});

describe('failures worded as shutdown, removal, loss of contact (issue 30: damage or death, both languages)', () => {
  cases([
    ['When I shut down atlas-cp-1, does the cluster stay up?', 'node-down [atlas-cp-1]'],
    ['If I bring atlas-wk-2 down will the pods move?', 'node-down [atlas-wk-2]'],
    ['If atlas-wk-2 stays down for ten minutes, what happens to its pods?', 'node-down [atlas-wk-2]'],
    ['When atlas-wk-1 becomes unreachable, what does Kubernetes do?', 'node-down [atlas-wk-1]'],
    ['What if atlas-wk-1 goes missing?', 'node-down [atlas-wk-1]'],
    ['Can I remove atlas-cp-3 from the cluster?', 'node-down [atlas-cp-3]'],
    ['can we shut down atlas-wk-2 for a hardware swap', 'reboot [atlas-wk-2]'],
    ['atlas-wk-1의 kubelet이 종료된다면?', 'component-down [atlas-wk-1]'],
    ['atlas-cp-3의 containerd 를 중단한다면?', 'component-down [atlas-cp-3]'],
    ['atlas-wk-2 제거해도 괜찮을까?', 'node-down [atlas-wk-2]'],
    ['우리 atlas-wk-1 다시 만들어도 돼?', 'node-down [atlas-wk-1]'],
    ['atlas-cp-2 죽이면?', 'node-down [atlas-cp-2]'],
    ['atlas-wk-2가 NotReady 되면 파드 어떻게 돼?', 'node-down [atlas-wk-2]'],
    ['atlas-wk-2 잠깐 꺼도 돼?', 'reboot [atlas-wk-2]'],
  ]);
});

describe('context, reasons and asides around the request are left out (issue 30: long messages)', () => {
  cases([
    [
      'Know which machine is restarted: atlas-cp-2 is control plane (api-server, controllers, etc.). Can I restart it?',
      'reboot [atlas-cp-2]',
    ],
    ['Power down atlas-wk-2 ("Unavailable" state in UI) - what happens?', 'node-down [atlas-wk-2]'],
    [
      'On the master where you restart kube-apiserver (atlas-cp-3), is that safe?',
      'component-restart [atlas-cp-3]',
    ],
    [
      'atlas-wk-2 has been cordoned manually but not drained before. Is it safe to reboot it?',
      'reboot [atlas-wk-2]',
    ],
    [
      'Drain nodes before the kubeadm upgrade and uncordon afterwards - upgrade atlas-wk-1',
      'upgrade [atlas-wk-1]',
    ],
    [
      'atlas-wk-2 노드를 유지보수(예: 소프트웨어 업그레이드, 보안 패치 적용 등)해야 하는데 drain 해도 되나요?',
      'drain [atlas-wk-2]',
    ],
    ['atlas-wk-1 노드를 껐다 켜야 하는 상황(업데이트)인데 괜찮을까?', 'reboot [atlas-wk-1]'],
    [
      '하드웨어 업그레이드, 커널 업데이트 등 노드 유지보수를 수행하기 전에 atlas-wk-2 cordon 해도 되나요?',
      'drain [atlas-wk-2]',
    ],
    ['쿼럼을 잃으면 읽기 전용이 된다는데 우리 클러스터 쿼럼 상태 어때?', 'status []'],
    ['업그레이드를 시작하기 전에 클러스터 상태 확인 부탁', 'status []'],
  ]);
  it('an exclusion from a group is still refused rather than half-understood', () => {
    expect(read('reboot all workers except atlas-wk-2')).not.toBe('reboot []');
    expect(read('atlas-wk-2 빼고 워커 전부 재부팅해도 돼?')).not.toBe('reboot []');
  });
});

describe('help, tolerance and shutdown asked another way', () => {
  cases([
    ['what commands are available?', 'help []'],
    ['The bot should list the commands available', 'help []'],
    ['The cluster tolerates a failure of any single node - is that true for us right now?', 'status []'],
    ['지금 우리 클러스터가 노드 하나 장애를 견딜 수 있어?', 'status []'],
    ['shutdown -h now on atlas-wk-2 - what happens?', 'node-down [atlas-wk-2]'],
    ['atlas-wk-1에서 sudo shutdown -r now 해도 돼?', 'reboot [atlas-wk-1]'],
    [
      'kubectl get pods -A --field-selector spec.nodeName=atlas-wk-1 보고 드레인 해도 되는지 판단하고 싶어요',
      'drain [atlas-wk-1]',
    ],
  ]);
});

describe('a component named as the consequence is not what changes', () => {
  cases([
    [
      'If atlas-wk-1 goes down, the kube-controller-manager waits 5 minutes. what happens to my pods?',
      'node-down [atlas-wk-1]',
    ],
    ['what if kubelet restarts on atlas-cp-2?', 'component-restart [atlas-cp-2]'],
    ['can I restart the kubelet on atlas-wk-1?', 'component-restart [atlas-wk-1]'],
    ['atlas-cp-3 제거하면 etcd 어떻게 돼?', 'node-down [atlas-cp-3]'],
    ['atlas-cp-2의 kubelet이 재시작되면 어떻게 돼?', 'component-restart [atlas-cp-2]'],
    [
      'atlas-wk-2가 NotReady 상태일 때 systemctl restart kubelet 해도 되나요?',
      'component-restart [atlas-wk-2]',
    ],
  ]);
});

describe('quorum lost by count, Korean component words, drain before a reboot, removal playbooks', () => {
  cases([
    ['what if 2 of 3 etcd members are unhealthy?', 'etcd-quorum-loss []'],
    ['etcd 3멤버 중 2개 unhealthy 되면 어떻게 돼?', 'etcd-quorum-loss []'],
    ['what if 1 of 3 etcd members is unhealthy?', 'component-down []'],
    ['스케줄러는 한번 삭제해본다면?', 'component-down []'],
    ['what if the scheduler is deleted?', 'component-down []'],
    ['Should I drain atlas-wk-2 again before the reboot?', 'reboot [atlas-wk-2]'],
    ['atlas-wk-2 재부팅 전에 드레인 다시 해야 돼?', 'reboot [atlas-wk-2]'],
    ['ansible-playbook -i hosts.yaml remove-node.yml -e node=atlas-wk-2', 'node-down [atlas-wk-2]'],
    ['remove-node.yml 로 atlas-wk-1 빼도 돼?', 'node-down [atlas-wk-1]'],
    ['etcdctl member remove atlas-cp-3', 'component-down [atlas-cp-3]'],
  ]);
});

describe('a problem that occurs on a node, after a list of causes', () => {
  cases([
    [
      '커널 패닉, 네트워크 분리 등으로 atlas-wk-1 노드에 문제가 생기면 파드 재스케줄 되나?',
      'node-down [atlas-wk-1]',
    ],
    ['atlas-cp-2에 하드웨어 결함이 발생하면 어떻게 돼?', 'node-down [atlas-cp-2]'],
    [
      'If a hardware problem occurs and atlas-wk-1 fails, are its pods rescheduled?',
      'node-down [atlas-wk-1]',
    ],
  ]);
});
