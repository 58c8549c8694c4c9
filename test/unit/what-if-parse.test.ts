/**
 * Parsing of the "what if" requests: component restarts, rolling updates, outages,
 * upgrades and drain alone, in English and Korean; the reboot forms keep their meaning.
 */
import { describe, expect, it } from '@jest/globals';
import { HELP_EXAMPLES } from '../../src/commands/help-examples.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Command, Locale } from '../../src/commands/types.js';

type Row = [text: string, command: Command, locale?: Locale];

const restart = (component: string, node?: string): Command => ({
  kind: 'what-if',
  change:
    node === undefined
      ? { type: 'component-restart', component }
      : { type: 'component-restart', component, node },
  drain: false,
});
const change = (c: Extract<Command, { kind: 'what-if' }>['change']): Command => ({
  kind: 'what-if',
  change: c,
  drain: false,
});

const rows: Row[] = [
  ['what if kube-proxy restarts on worker-3', restart('kube-proxy', 'worker-3')],
  ['/k8s what if kube-proxy restarts on worker-3?', restart('kube-proxy', 'worker-3')],
  ['can I restart the kube-apiserver on master-1', restart('kube-apiserver', 'master-1')],
  [
    'can I restart the API server on master-1 in prod',
    { ...restart('kube-apiserver', 'master-1'), cluster: 'prod' } as Command,
  ],
  ['restart etcd on master-2', restart('etcd', 'master-2')],
  ['restart kubelet on worker-3', restart('kubelet', 'worker-3')],
  ['restart coredns', restart('coredns')],
  ['is it safe to restart calico-node on worker-1', restart('cni', 'worker-1')],
  ['what if foo-agent restarts on worker-3', restart('foo-agent', 'worker-3')],
  ['restart component foo-agent', restart('foo-agent')],
  ['rolling update of kube-proxy', change({ type: 'rolling-update', component: 'kube-proxy' })],
  ['kubectl rollout restart ds/kube-proxy', change({ type: 'rolling-update', component: 'kube-proxy' })],
  ['can I do a rolling update of coredns', change({ type: 'rolling-update', component: 'coredns' })],
  ['what if master-2 goes down', change({ type: 'node-down', node: 'master-2' })],
  ['what happens if worker-3 dies?', change({ type: 'node-down', node: 'worker-3' })],
  ['what if all control-plane nodes go down', change({ type: 'control-plane-down' })],
  ['what if the whole control plane goes down', change({ type: 'control-plane-down' })],
  ['what if etcd loses quorum', change({ type: 'etcd-quorum-loss' })],
  ['what if the scheduler is down', change({ type: 'component-down', component: 'kube-scheduler' })],
  [
    'what if the controller manager goes down',
    change({ type: 'component-down', component: 'kube-controller-manager' }),
  ],
  ['can I upgrade master-2', { kind: 'upgrade-impact', node: 'master-2', drain: false }],
  [
    'can I upgrade master-2 to 1.34',
    { kind: 'upgrade-impact', node: 'master-2', drain: false, targetVersion: 'v1.34' },
  ],
  ['upgrade worker-3 tonight', { kind: 'upgrade-impact', node: 'worker-3', drain: false, when: 'tonight' }],
  ['can I drain worker-3', { kind: 'drain-impact', node: 'worker-3', drain: true }],
  [
    'is it safe to drain worker-3 in prod',
    { kind: 'drain-impact', node: 'worker-3', drain: true, cluster: 'prod' },
  ],
  ['drain worker-3', { kind: 'drain-impact', node: 'worker-3', drain: true }],
  ['restart foo-agent on worker-3', restart('foo-agent', 'worker-3')],
  // Korean
  ['worker-3에서 kube-proxy 재시작하면 어떻게 돼?', restart('kube-proxy', 'worker-3'), 'ko'],
  ['master-1의 apiserver 재시작해도 돼?', restart('kube-apiserver', 'master-1'), 'ko'],
  ['coredns 재시작해도 돼?', restart('coredns'), 'ko'],
  ['kube-proxy 롤링 업데이트해도 돼?', change({ type: 'rolling-update', component: 'kube-proxy' }), 'ko'],
  ['master-2가 다운되면 어떻게 돼?', change({ type: 'node-down', node: 'master-2' }), 'ko'],
  ['컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?', change({ type: 'control-plane-down' }), 'ko'],
  ['etcd 쿼럼을 잃으면 어떻게 돼?', change({ type: 'etcd-quorum-loss' }), 'ko'],
  ['스케줄러가 다운되면?', change({ type: 'component-down', component: 'kube-scheduler' }), 'ko'],
  // one node's instance failing is a failure on that node, not a restart and not the node
  [
    'what if etcd crashes on master-1',
    change({ type: 'component-down', component: 'etcd', node: 'master-1' }),
  ],
  [
    'what happens if the kube-apiserver on master-1 dies',
    change({ type: 'component-down', component: 'kube-apiserver', node: 'master-1' }),
  ],
  [
    'what if the controller manager goes down on master-2',
    change({ type: 'component-down', component: 'kube-controller-manager', node: 'master-2' }),
  ],
  [
    'master-1에서 스케줄러가 죽으면?',
    change({ type: 'component-down', component: 'kube-scheduler', node: 'master-1' }),
    'ko',
  ],
  ['master-2 업그레이드해도 돼?', { kind: 'upgrade-impact', node: 'master-2', drain: false }, 'ko'],
  [
    'master-2 1.34로 업그레이드해도 돼?',
    { kind: 'upgrade-impact', node: 'master-2', drain: false, targetVersion: 'v1.34' },
    'ko',
  ],
  ['worker-3 드레인해도 돼?', { kind: 'drain-impact', node: 'worker-3', drain: true }, 'ko'],
];

describe('what-if, upgrade and drain requests', () => {
  it.each(rows)('%s', (text, command, locale = 'en') => {
    expect(parseCommand(text)).toEqual({ ok: true, command, locale });
  });
});

describe('reboot requests keep their meaning', () => {
  it.each([
    ['drain and reboot worker-3', 'worker-3'],
    ['please drain worker-3 and reboot it', 'worker-3'],
    ['can I restart node master-2', 'master-2'],
    ['restart master-2', 'master-2'],
    ['what if worker-3 reboots', 'worker-3'],
    ['master-2 드레인하고 재부팅해도 돼?', 'master-2'],
    ['worker-1이 재시작해도 괜찮아?', 'worker-1'],
  ])('%s', (text, node) => {
    const r = parseCommand(text);
    expect(r.ok && r.command.kind === 'reboot-impact' ? r.command.node : r).toBe(node);
  });
});

describe('help', () => {
  it('every help example parses, and the what-if forms are listed in both languages', () => {
    for (const locale of ['en', 'ko'] as const) {
      const kinds = new Set<string>();
      for (const { example } of HELP_EXAMPLES[locale]) {
        const r = parseCommand(example);
        expect({ example, ok: r.ok }).toEqual({ example, ok: true });
        if (r.ok)
          kinds.add(r.command.kind === 'what-if' ? `what-if:${r.command.change.type}` : r.command.kind);
      }
      for (const k of [
        'drain-impact',
        'upgrade-impact',
        'what-if:component-restart',
        'what-if:rolling-update',
        'what-if:node-down',
        'what-if:control-plane-down',
        'what-if:etcd-quorum-loss',
        'what-if:component-down',
      ]) {
        expect(kinds).toContain(k);
      }
    }
  });
});
