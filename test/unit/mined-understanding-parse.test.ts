/**
 * Issue 30, items 1 and 2: the kinds of miss of the mined phrasing sets
 * (test/fixtures/requests/mined-2026-12-a.results.md, then mined-2026-12-b.md below), each in
 * English and Korean, read as
 * `ask --format json` reads them (the adapter's parse, then the worker's second reading with the
 * demo cluster's node list). The phrasings are modelled on the set's sources, not copied from it.
 */
import { describe, expect, it } from '@jest/globals';
import { parseCommand } from '../../src/commands/parse-command.js';
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
    ['etcdctl member remove atlas-cp-3', 'etcd-member-remove [atlas-cp-3]'],
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

// The kinds of miss of mined set b (test/fixtures/requests/mined-2026-12-b.md), each in English and
// Korean: new phrasings written for the kind (families of words, endings by rule), not lines of the set.

describe('help asked any way', () => {
  cases([
    ['which kinds of questions can I ask this bot?', 'help []'],
    ['/help show the supported commands', 'help []'],
    ['list all commands please', 'help []'],
    ['이 봇이 지원하는 명령 뭐가 있어요?', 'help []'],
  ]);
});

describe('status: pasted `kubectl get cs`, tolerance of one failure, majority kept', () => {
  cases([
    ['kubectl get componentstatuses', 'status []'],
    ['is the cluster tolerant to one control plane node failing?', 'status []'],
    ['if a master dies is the etcd quorum still maintained?', 'status []'],
    ['컨트롤 플레인 한 대가 다운돼도 쿼럼이 유지되나요?', 'status []'],
    ['마스터 노드 하나에 장애가 나도 클러스터는 계속 운영될 수 있나요?', 'status []'],
  ]);
});

describe('etcd quorum loss by its effects: consensus, writes refused, most of the control plane', () => {
  cases([
    ['what happens when etcd can no longer accept writes?', 'etcd-quorum-loss []'],
    ['what if most of the control plane nodes are lost at once?', 'etcd-quorum-loss []'],
    ['what if the etcd cluster loses consensus?', 'etcd-quorum-loss []'],
    ['etcd가 합의를 잃어버리면 어떻게 되나요?', 'etcd-quorum-loss []'],
    ['마스터 대부분이 장애로 죽으면 어떻게 돼요?', 'etcd-quorum-loss []'],
  ]);
});

describe('failures by Korean stem, whatever the ending; power lost; a service stopped', () => {
  cases([
    ['atlas-wk-2를 죽였을 때 파드는 어디로 가나요?', 'node-down [atlas-wk-2]'],
    ['atlas-cp-3 전원이 나가면 API 서버는 어떻게 되나요?', 'node-down [atlas-cp-3]'],
    [
      'what if I stop the k3s service on atlas-cp-3, does the cluster keep working?',
      'node-down [atlas-cp-3]',
    ],
  ]);
});

describe('one of a group going down is each of them in turn, not all of them', () => {
  cases([
    ['what happens if one of our masters dies?', 'node-down []'],
    ['what if one of the nodes goes down?', 'node-down []'],
    ['마스터 노드 중 하나가 죽으면 어떻게 되나요?', 'node-down []'],
    ['노드 중 한 대가 장애 나면 서비스는 괜찮나요?', 'node-down []'],
  ]);
});

describe('OS, kernel and security updates are an upgrade, not a reboot; "다시 부팅" is a reboot', () => {
  cases([
    ['can I apply the security update on atlas-wk-1?', 'upgrade [atlas-wk-1]'],
    ['atlas-cp-2에 OS 패치와 커널 패치 적용해도 되나요?', 'upgrade [atlas-cp-2]'],
    ['점검 끝나면 atlas-wk-2 다시 부팅해도 될까요?', 'reboot [atlas-wk-2]'],
  ]);
});

describe('a component that does not come back is down, not restarted', () => {
  cases([
    ['what if containerd on atlas-cp-1 fails to restart?', 'component-down [atlas-cp-1]'],
    ['atlas-wk-2 의 kubelet이 재시작이 안 되면 어떻게 돼요?', 'component-down [atlas-wk-2]'],
    ['atlas-cp-3 etcd 멤버가 비정상이면 클러스터 괜찮나요?', 'component-down [atlas-cp-3]'],
  ]);
});

describe('context before the question names the node (Korean background clause)', () => {
  cases([
    ['atlas-wk-1 장애가 났는데 containerd 재시작해도 될까요?', 'component-restart [atlas-wk-1]'],
    ['atlas-cp-2가 죽었다던데 kubelet 재기동해도 돼?', 'component-restart [atlas-cp-2]'],
  ]);
});

describe('maintenance asked as a need, and evictions as a drain', () => {
  cases([
    ['atlas-cp-3 requires planned maintenance next week', 'maintenance [atlas-cp-3]'],
    ['atlas-wk-2 점검이 필요합니다', 'maintenance [atlas-wk-2]'],
    ['how do I evict every pod from atlas-wk-1 before the hardware work?', 'drain [atlas-wk-1]'],
    ['atlas-wk-2 is Ready,SchedulingDisabled and the pods will not move', 'drain [atlas-wk-2]'],
  ]);
});

describe('lock questions: the holder asked, the lock released, the node named beside it', () => {
  cases([
    ['does atlas-wk-1 still hold the kured lock after its drain failed?', 'lock-status [atlas-wk-1]'],
    ['has kured released the lock yet?', 'lock-status []'],
    ['atlas-wk-2가 kured 잠금을 아직 잡고 있나요?', 'lock-status [atlas-wk-2]'],
    [
      'atlas-cp-1 was deleted while it held the lock. how can we clear the kured lock?',
      'break-lock [atlas-cp-1]',
    ],
    ['please remove the stale lock', 'break-lock []'],
    ['atlas-wk-1 노드가 사라졌는데 kured 잠금을 강제로 지워 주세요', 'break-lock [atlas-wk-1]'],
  ]);
});

describe('the first verb is the change, the other its consequence', () => {
  cases([
    ['what if kubelet on atlas-wk-2 dies? will pods keep restarting?', 'component-down [atlas-wk-2]'],
    ['atlas-cp-1 의 containerd가 죽으면 kubelet이 계속 재시작하나요?', 'component-down [atlas-cp-1]'],
  ]);
});

describe('a failure in one sentence, "will the whole cluster …?" in the next: the node is the target', () => {
  cases([
    ['I power off atlas-wk-1 to test failover. would the whole cluster go down?', 'node-down [atlas-wk-1]'],
    ['atlas-cp-3 전원을 껐어요. 모든 노드가 멈추나요?', 'node-down [atlas-cp-3]'],
  ]);
});

describe('a majority of etcd members removed or deleted is quorum loss', () => {
  cases([
    ['what if someone deletes 2 out of 3 etcd members?', 'etcd-quorum-loss []'],
    ['etcd 멤버 3개 중 2개를 지우면 어떻게 되나요?', 'etcd-quorum-loss []'],
  ]);
});

describe('the members named as lost, then the quorum: etcd quorum loss with its members', () => {
  cases([
    [
      'if we wipe atlas-cp-1 and atlas-cp-3 at the same time, does etcd lose quorum?',
      'etcd-quorum-loss [atlas-cp-1, atlas-cp-3]',
    ],
    [
      'atlas-cp-1, atlas-cp-2 두 멤버가 죽으면 etcd 쿼럼이 깨지나요?',
      'etcd-quorum-loss [atlas-cp-1, atlas-cp-2]',
    ],
    // a time clause before the question is left out ("after cordoning, …")
    [
      'after cordoning, what if we destroy atlas-cp-2 and atlas-cp-3? would etcd be left without quorum?',
      'etcd-quorum-loss [atlas-cp-2, atlas-cp-3]',
    ],
  ]);
});

describe('a pasted shell loop over nodes is its command over those nodes', () => {
  cases([
    [
      'for n in atlas-cp-2 atlas-cp-3; do kubectl drain $n --ignore-daemonsets; done',
      'drain [atlas-cp-2, atlas-cp-3]',
    ],
    [
      '이렇게 돌려도 될까요? for host in atlas-wk-1 atlas-wk-2; do kubectl drain ${host} --delete-emptydir-data; sleep 60; done',
      'drain [atlas-wk-1, atlas-wk-2]',
    ],
  ]);
  it('runs one node at a time', () => {
    const r = parseCommand('for n in atlas-wk-1 atlas-wk-2; do kubectl drain $n; done');
    expect(r.ok && r.command.kind === 'multi-node' ? r.command.mode : r).toBe('one-by-one');
  });
});

describe('a version arrow is no shell redirection', () => {
  cases([
    ['atlas-wk-1 is still on 1.33 -> 1.34 pending, can I upgrade it now?', 'upgrade [atlas-wk-1]'],
    ['1.33 -> 1.34 으로 atlas-cp-1 업그레이드해도 돼요?', 'upgrade [atlas-cp-1]'],
  ]);
});

describe('more of the same families: help, tolerance, majority of masters, kernel patch, maintenance mode, 락', () => {
  cases([
    ['어떤 기능을 사용할 수 있어요?', 'help []'],
    ['can our control plane handle losing a single master?', 'status []'],
    ['컨트롤 플레인 하나가 다운돼도 견딜 수 있나요?', 'status []'],
    ['what if 2 of the 3 servers crash at once?', 'etcd-quorum-loss []'],
    ['서버 3대 중 2대가 죽으면 어떻게 되나요?', 'etcd-quorum-loss []'],
    ['is it fine to patch the OS on atlas-cp-3 this afternoon?', 'upgrade [atlas-cp-3]'],
    ['atlas-cp-3을 점검 모드로 바꿔도 되나요?', 'maintenance [atlas-cp-3]'],
    ['지금 kured 락은 누가 잡고 있나요?', 'lock-status []'],
    ['kured 락 강제로 풀어 주세요', 'break-lock []'],
  ]);
});

describe('typos of action words in both languages, failure slang', () => {
  cases([
    ['is it ok to cordn atlas-wk-1 now?', 'drain [atlas-wk-1]'],
    ['can we evacaute atlas-wk-2 tonight', 'drain [atlas-wk-2]'],
    ['atlas-wk-2 드래인 해도 되나요?', 'drain [atlas-wk-2]'],
    ['atlas-cp-3 업그래이드 해도 돼?', 'upgrade [atlas-cp-3]'],
    ['atlas-cp-1 재부탕 괜찮아?', 'reboot [atlas-cp-1]'],
    ['what if atlas-wk-1 is unplugged by accident?', 'node-down [atlas-wk-1]'],
    ['atlas-cp-3 디스크가 날라가면 어떻게 되나요?', 'node-down [atlas-cp-3]'],
  ]);
});
