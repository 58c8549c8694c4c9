/**
 * "How do I upgrade the cluster?": a request for the whole cluster's upgrade, naming no node
 * (`upgrade-impact` with `scope: 'cluster'`; the answer step picks the node the order starts with).
 * The phrasings are the everyday ones of issue 16, in English and Korean; node requests and the
 * component rolling updates keep their meaning, and unclear text is still refused clearly.
 */
import { describe, expect, it } from '@jest/globals';
import { HELP_EXAMPLES } from '../../src/commands/help-examples.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Command, Locale } from '../../src/commands/types.js';

const cluster = (extra: Partial<Extract<Command, { kind: 'upgrade-impact' }>> = {}): Command => ({
  kind: 'upgrade-impact',
  node: '',
  drain: false,
  scope: 'cluster',
  ...extra,
});

describe('the whole cluster’s upgrade', () => {
  it.each<[string, Command, Locale?]>([
    ['how do I upgrade the cluster?', cluster()],
    ['How do we upgrade the whole Kubernetes cluster?', cluster()],
    ['how should I upgrade our cluster to 1.34', cluster({ targetVersion: 'v1.34' })],
    ['how do I upgrade', cluster()],
    ['how to upgrade', cluster()],
    ['how to upgrade the cluster?', cluster()],
    ['upgrade advice', cluster()],
    ['cluster upgrade plan', cluster()],
    ['give me the upgrade steps', cluster()],
    ['upgrade the cluster', cluster()],
    ['upgrade the cluster to v1.34.2', cluster({ targetVersion: 'v1.34.2' })],
    ['can I upgrade the cluster?', cluster()],
    ['is it safe to upgrade the cluster tonight?', cluster({ when: 'tonight' })],
    ["what's the best way to upgrade kubernetes?", cluster()],
    ['@k8s-ha-bot upgrade the cluster in prod', cluster({ cluster: 'prod' })],
    ['클러스터 업그레이드 어떻게 해?', cluster(), 'ko'],
    ['클러스터를 어떻게 업그레이드해야 돼?', cluster(), 'ko'],
    ['업그레이드 방법 알려줘', cluster(), 'ko'],
    ['클러스터 업그레이드 순서는?', cluster(), 'ko'],
    ['클러스터 1.34로 업그레이드해도 돼?', cluster({ targetVersion: 'v1.34' }), 'ko'],
    ['쿠버네티스 업그레이드 어떻게 하나요?', cluster(), 'ko'],
    // Bare or loose phrasings: the bot only advises, so the cluster's upgrade advice is the answer.
    ['upgrade', cluster()],
    ['upgrade?', cluster()],
    ['how do I upgrade the nodes?', cluster()],
    ['how to upgrade all of our nodes', cluster()],
    ['업그레이드', cluster(), 'ko'],
    ['업그레이드 알려줘', cluster(), 'ko'],
  ])('%s', (text, command, locale = 'en') => {
    expect(parseCommand(text)).toEqual({ ok: true, command, locale });
  });
});

describe('node upgrades and component updates keep their meaning', () => {
  it.each<[string, Command, Locale?]>([
    ['can I upgrade master-2', { kind: 'upgrade-impact', node: 'master-2', drain: false }],
    ['upgrade worker-3', { kind: 'upgrade-impact', node: 'worker-3', drain: false }],
    ['how do I upgrade master-2?', { kind: 'upgrade-impact', node: 'master-2', drain: false }],
    // Several nodes named as a group stay a multi-node request (all of them at once).
    [
      'upgrade all nodes',
      {
        kind: 'multi-node',
        action: 'upgrade',
        nodes: [],
        group: { type: 'all' },
        mode: 'together',
        drain: false,
      },
    ],
    ['master-2 업그레이드해도 돼?', { kind: 'upgrade-impact', node: 'master-2', drain: false }, 'ko'],
    [
      'can I upgrade kube-proxy',
      { kind: 'what-if', change: { type: 'rolling-update', component: 'kube-proxy' }, drain: false },
    ],
  ])('%s', (text, command, locale = 'en') => {
    expect(parseCommand(text)).toEqual({ ok: true, command, locale });
  });
});

describe('unclear upgrade text is refused clearly, never guessed', () => {
  it.each(['how do I upgrade the cluster; rm -rf /', 'upgrade advice please now or never maybe'])(
    '%s',
    (text) => {
      const r = parseCommand(text);
      expect(r.ok).toBe(false);
    },
  );
});

describe('help', () => {
  it('names the whole-cluster upgrade form in both languages, and its examples parse to it', () => {
    for (const locale of ['en', 'ko'] as const) {
      const forms = HELP_EXAMPLES[locale].filter(({ example }) => {
        const r = parseCommand(example);
        return r.ok && r.command.kind === 'upgrade-impact' && r.command.scope === 'cluster';
      });
      expect(forms.length).toBeGreaterThan(0);
    }
  });
});
