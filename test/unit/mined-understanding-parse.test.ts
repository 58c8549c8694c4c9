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
