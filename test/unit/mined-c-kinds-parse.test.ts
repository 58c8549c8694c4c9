/**
 * Issue 30, items 1 and 2, second round: the kinds of miss of mined set c
 * (test/fixtures/requests/mined-2026-12-c.json, first run /work/mined-c-first-run.txt), each in
 * English and Korean with phrasings of our own (not the set's), read as `ask --format json` reads
 * them (the adapter's parse, then the worker's second reading with the demo cluster's node list).
 * Expected readings follow the meaning of the words: a Pod in CrashLoopBackOff or a container that
 * cannot be created is its component failing (kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/),
 * a Node NotReady/Unknown is the node failing (kubernetes.io/docs/reference/node/node-status/), two
 * of three etcd members lost is the quorum lost (etcd.io/docs/v3.5/faq/#what-is-failure-tolerance),
 * kured's lock is its DaemonSet annotation (kubereboot/kured README).
 */
import { describe, expect, it } from '@jest/globals';
import { likelyReadings } from '../../src/commands/clarify.js';
import { parseCommand, rereadWithNodes } from '../../src/commands/parse-command.js';
import { summarizeRequest } from '../../src/commands/request-summary.js';
import type { ChatCommand } from '../../src/commands/types.js';
import { decideChatCommand } from '../../src/intake/intake.js';
import type { IntakeOptions } from '../../src/intake/intake.js';
import { readLine } from '../helpers/mined-requests.js';

const NODES = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

const read = (text: string): string => readLine(text, NODES);

const cases = (rows: readonly [string, string][]): void => {
  it.each(rows)('%s → %s', (text, want) => {
    expect(read(text)).toBe(want);
  });
};

describe('a program named like a node (etcd-server, kube-apiserver-<node>, rke2-server) is never a node', () => {
  const texts = [
    'kube-scheduler stops when etcd-server on atlas-cp-2 is unavailable',
    'what if etcd-server goes down',
    'etcd-server가 atlas-cp-2에서 응답하지 않으면?',
    'what if kube-apiserver-atlas-cp-1 crashes',
    'rke2-server 이상해요',
    'what if rke2-agent dies',
  ];
  it.each(texts)('%s', (text) => {
    const programs = /etcd-server|kube-apiserver-atlas-cp-1|rke2-server|rke2-agent/u;
    const intake = parseCommand(text);
    const named = intake.ok
      ? summarizeRequest(intake.command).nodes
      : (intake.error.suggestions ?? []).flatMap((s) => s.request.nodes);
    expect(named.filter((n) => programs.test(n))).toEqual([]);
    expect(read(text)).not.toMatch(programs);
  });
  cases([
    ['kube-scheduler stops when etcd-server on atlas-cp-2 is unavailable', 'component-down [atlas-cp-2]'],
    ['etcd-server가 atlas-cp-2에서 응답하지 않으면?', 'component-down [atlas-cp-2]'],
  ]);
  it('a node the cluster does have by that name is that node', () => {
    const r = parseCommand('can I reboot etcd-server', { nodes: [...NODES, 'etcd-server'] });
    expect(r.ok && summarizeRequest(r.command)).toMatchObject({ intent: 'reboot', nodes: ['etcd-server'] });
  });
  it('with the node list known, a clarification offers none of the unknown names', () => {
    for (const text of ['atlas-cp-9 이상해요', 'something is off with atlas-cp-9 and foo-7']) {
      const offered = likelyReadings(text, 'en', NODES).join(' | ');
      expect(offered).not.toMatch(/atlas-cp-9|foo-7/u);
    }
  });
});

describe('drain said without the word: pods emptied or moved off a node', () => {
  cases([
    ['move all pods off atlas-wk-1 please', 'drain [atlas-wk-1]'],
    ['atlas-wk-2 노드의 파드를 전부 비워 주세요', 'drain [atlas-wk-2]'],
    ['atlas-wk-1의 포드를 다른 노드로 옮겨도 되나요?', 'drain [atlas-wk-1]'],
  ]);
});

describe('maintenance said as preparing or a mode', () => {
  cases([
    ['get atlas-wk-2 ready for maintenance', 'maintenance [atlas-wk-2]'],
    ['turn on maintenance mode for atlas-cp-3', 'maintenance [atlas-cp-3]'],
    ['atlas-wk-1 유지보수 준비해줘', 'maintenance [atlas-wk-1]'],
  ]);
});

describe('a node failing, said as its state or without its name', () => {
  cases([
    ['a worker node flipped to NotReady, what now?', 'node-down []'],
    ['what if 1 node dies, do the pods move?', 'node-down []'],
    ['워커 노드 하나가 Unknown 상태가 됐어요', 'node-down []'],
    ['특정 노드가 응답하지 않아요', 'node-down []'],
    ['atlas-wk-1 doesn’t come up after a reboot', 'node-down [atlas-wk-1]'],
  ]);
});

describe('the quorum lost: two control-plane nodes of three, or "no quorum"', () => {
  cases([
    ['what if we lose 2 control plane nodes together?', 'etcd-quorum-loss []'],
    ['taking 2 master nodes down out of 3, what breaks?', 'etcd-quorum-loss []'],
    ['what happens with no quorum', 'etcd-quorum-loss []'],
    ['마스터 2대가 동시에 죽으면?', 'etcd-quorum-loss []'],
    ['쿼럼이 없으면 어떻게 돼?', 'etcd-quorum-loss []'],
  ]);
  it('asked to check whether the quorum is lost, the status', () => {
    expect(read('check whether etcd lost quorum')).toBe('status []');
    expect(read('etcd 쿼럼이 깨진 건지 확인해줘')).toBe('status []');
  });
});

describe('the whole control plane: the cluster dead, a single master down', () => {
  cases([
    ['our cluster is completely down and nobody can ssh into the masters', 'control-plane-down []'],
    ['클러스터가 완전히 죽었어요', 'control-plane-down []'],
    ['we run a single master node, what if that node goes down?', 'control-plane-down []'],
  ]);
});

describe('a component failing, said by its symptom', () => {
  cases([
    ['kubelet on atlas-wk-1 doesn’t come up after a reboot', 'component-down [atlas-wk-1]'],
    ['coredns pods stuck in CrashLoopBackOff', 'component-down []'],
    ['atlas-wk-1 cannot create containers anymore', 'component-down [atlas-wk-1]'],
    ['atlas-cp-2에서 kube-scheduler 파드가 CrashLoopBackOff 상태예요', 'component-down [atlas-cp-2]'],
    ['atlas-wk-2에서 새 컨테이너를 생성하지 못해요', 'component-down [atlas-wk-2]'],
    ['재부팅 후 atlas-wk-1의 kubelet이 실행되지 않아요', 'component-down [atlas-wk-1]'],
  ]);
});

describe('a component restarted or stopped on purpose, also over a group', () => {
  cases([
    ['restart the kubelets on all workers one at a time', 'component-restart []'],
    ['what if we stop kubelet on the workers', 'component-restart []'],
    ['a restart of the kube-proxy container on atlas-wk-1, safe?', 'component-restart [atlas-wk-1]'],
    ['워커 노드들의 kubelet을 중단하면 파드는 어떻게 돼?', 'component-restart []'],
  ]);
});

describe('an OS or kernel patch that needs a reboot is an upgrade', () => {
  cases([
    ['install the OS patches that need a reboot on atlas-wk-1', 'upgrade [atlas-wk-1]'],
    ['atlas-wk-2에 재부팅이 필요한 커널 패치 적용해도 돼?', 'upgrade [atlas-wk-2]'],
    ['apply the kernel update which requires reboot on atlas-wk-2', 'upgrade [atlas-wk-2]'],
  ]);
});

describe("kured's lock: its holder asked, a quoted holder, a release", () => {
  cases([
    ['which node took the kured lock last night?', 'lock-status []'],
    ['is the lock already acquired by atlas-wk-2?', 'lock-status [atlas-wk-2]'],
    ['kured keeps skipping reboots, the lock is stale, release it', 'break-lock []'],
    ['clear the old reboot lock so kured can continue', 'break-lock []'],
    ['kured가 지금 어느 노드를 재부팅하고 있어?', 'lock-status []'],
    ['kured 로그에 "Lock already held: atlas-cp-2" 가 계속 나와요', 'lock-status [atlas-cp-2]'],
  ]);
});

describe('help asked as a list of commands or actions', () => {
  cases([
    ['show me every command this bot understands', 'help []'],
    ['give me the list of actions you support', 'help []'],
    ['쓸 수 있는 명령 목록 알려줘', 'help []'],
    ['list every action the bot can take', 'help []'],
  ]);
});

describe('a clarification on a role word is asked again with the live node list (worker)', () => {
  cases([
    ['master 2 is acting weird', 'ask: reboot [atlas-cp-2]'],
    ['마스터 2번 좀 이상해요', 'ask: reboot [atlas-cp-2]'],
  ]);
  const chat = (text: string): ChatCommand => ({
    requestId: 'c-1',
    text,
    user: { platform: 'slack', id: 'U1' },
    replyTo: { platform: 'slack', address: { channel: 'C1' } },
  });
  const options = {
    config: { clusters: { demo: {} }, defaultCluster: 'demo', locale: 'en' },
  } as unknown as IntakeOptions;
  it('the intake sends it to the worker with its first reading, marked as not certain', () => {
    const decision = decideChatCommand(chat('master 2 is acting weird'), options);
    expect(decision.kind === 'enqueue' && decision.job).toMatchObject({
      clarify: true,
      cluster: 'demo',
      command: { kind: 'reboot-impact', node: 'master-2' },
    });
  });
  it('the worker never answers that first reading when the node list does not make the text certain', () => {
    const first = parseCommand('can I reboot atlas-wk-9');
    if (!first.ok) throw new Error('the first reading parses');
    const r = rereadWithNodes('atlas-wk-9 is acting weird, hm', first.command, NODES, 'en', true);
    expect(r.ok).toBe(false);
  });
  it('a clarification naming no node stays with the intake', () => {
    expect(decideChatCommand(chat('please frobnicate the flux capacitor'), options).kind).toBe('answer');
  });
});

describe('a drain said as done is the situation, not the action asked', () => {
  cases([
    ['atlas-wk-1 is already drained, can I power it off?', 'reboot [atlas-wk-1]'],
    ['atlas-wk-1 드레인은 이미 끝났는데 전원 꺼도 돼?', 'node-down [atlas-wk-1]'],
  ]);
});
