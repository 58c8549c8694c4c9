/**
 * Issue 30, item 1: every kind of miss the issue lists, in English and Korean, read by parts
 * (node mentions resolved against the node list, action-word families with typos, modes, help, counts,
 * context before the question). Each case failed before the change (the measurements).
 */
import { describe, expect, it } from '@jest/globals';
import { parseCommand } from '../../src/commands/parse-command.js';
import { summarizeRequest } from '../../src/commands/request-summary.js';
import { resolveNodeName } from '../../src/commands/understand.js';

const atlas = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];
/** One control-plane node (a kubeadm lab cluster). */
const eridani = ['eridani-cp', 'eridani-wk-1', 'eridani-wk-2'];
const kind = ['kind-control-plane', 'kind-worker', 'kind-worker2'];

/** What the parser understood, as `ask --format json` reports it: intent, nodes, group, mode. */
function read(text: string, nodes: readonly string[]): string {
  const parsed = parseCommand(text, { nodes });
  if (!parsed.ok) return `error:${parsed.error.code}`;
  const s = summarizeRequest(parsed.command);
  return [s.intent, s.nodes.join(','), s.group ?? '', s.mode ?? ''].join('|');
}

describe('short and role forms of node names', () => {
  it.each([
    ['en', 'can I reboot wk1?', atlas, 'reboot|atlas-wk-1||'],
    ['en', 'reboot worker 2', atlas, 'reboot|atlas-wk-2||'],
    ['en', 'what if master 2 dies?', atlas, 'node-down|atlas-cp-2||'],
    ['en', 'is cp2 safe to reboot', atlas, 'reboot|atlas-cp-2||'],
    ['en', 'can I reboot the control plane node?', eridani, 'reboot|eridani-cp||'],
    ['en', 'can I drain worker 2?', kind, 'drain|kind-worker2||'],
    ['ko', '워커 2번 재부팅해도 돼?', atlas, 'reboot|atlas-wk-2||'],
    ['ko', '마스터2 죽으면?', atlas, 'node-down|atlas-cp-2||'],
    ['ko', '2번 마스터 재부팅 가능?', atlas, 'reboot|atlas-cp-2||'],
    ['ko', '마스터 노드 재부팅해도 돼?', eridani, 'reboot|eridani-cp||'],
    // The worker resolves "the etcd leader" from etcd (test/integration/clarify-console.test.ts).
    ['en', 'what if the etcd leader dies?', atlas, 'node-down|the-etcd-leader||'],
    ['ko', 'etcd 리더 재부팅해도 돼?', atlas, 'reboot|the-etcd-leader||'],
  ])('%s: %j', (_lang, text, nodes, want) => {
    expect(read(text, nodes)).toBe(want);
  });

  it('resolves a role and number to its one node, and never guesses among several', () => {
    expect(resolveNodeName('cp2', atlas)).toBe('atlas-cp-2');
    expect(resolveNodeName('the-control-plane-node', eridani)).toBe('eridani-cp');
    expect(resolveNodeName('the-control-plane-node', atlas)).toBeUndefined();
    expect(resolveNodeName('worker-7', atlas)).toBeUndefined();
    expect(resolveNodeName('cp2', ['east-cp-2', 'west-cp-2'])).toBeUndefined();
  });
});

describe('failures worded as damage or death, with typos', () => {
  it.each([
    ['en', 'what if atlas-wk-1 is damaged?', 'node-down|atlas-wk-1||'],
    ['en', 'what if wk1 gets destroyed', 'node-down|atlas-wk-1||'],
    ['en', 'atlas-cp-1 Down, whole cluster down?', 'node-down|atlas-cp-1||'],
    ['en', 'waht if atlas-wk-1 goes donw', 'node-down|atlas-wk-1||'],
    ['ko', 'atlas-wk-1에 장애가 생기면?', 'node-down|atlas-wk-1||'],
    ['ko', 'atlas-wk-1 죽이면?', 'node-down|atlas-wk-1||'],
    ['ko', 'atlas-wk-1 망가지면 어떻게 돼?', 'node-down|atlas-wk-1||'],
  ])('%s: %j', (_lang, text, want) => {
    expect(read(text, atlas)).toBe(want);
  });
});

describe('help asked any other way', () => {
  it.each([
    ['en', 'list of commands'],
    ['en', '!commands'],
    ['en', 'what commands do you support?'],
    ['en', 'k8s-ha-bot, help'],
    ['ko', '뭐 물어볼 수 있어?'],
    ['ko', '뭘 물어봐야 해?'],
  ])('%s: %j', (_lang, text) => {
    expect(read(text, atlas)).toBe('help|||');
  });
});

describe('counts, minimums and etcd health', () => {
  it.each([
    ['en', 'what is the minimum number of control-plane nodes'],
    ['ko', '마스터 최소 몇 대 있어야 해?'],
    ['ko', '컨트롤 플레인 최소 몇 대 필요해?'],
  ])('%s: %j', (_lang, text) => {
    expect(read(text, atlas)).toBe('status|||');
  });
});

describe('upgrades and modes with no single verb', () => {
  it.each([
    ['en', 'can workers 1 and 2 be upgraded at the same time?', 'upgrade|atlas-wk-1,atlas-wk-2||together'],
    ['en', 'at any time only one node upgraded?', 'upgrade||cluster|'],
    ['ko', '워커 두 대 동시에 업그레이드해도 돼?', 'upgrade||workers|together'],
    ['ko', 'atlas-wk-1 코든해도 돼?', 'drain|atlas-wk-1||'],
  ])('%s: %j', (_lang, text, want) => {
    expect(read(text, atlas)).toBe(want);
  });
});

describe('context, greetings and line breaks before the question', () => {
  it.each([
    [
      'en',
      'Good morning! Quick heads-up: the storage team patches the SAN firmware at 22:00 and asked us to move things.\nOur node wk1 hosts the build cache. Can we drain it first?',
      'drain|atlas-wk-1||',
    ],
    [
      'ko',
      '안녕하세요~ 오늘 새벽에 보안 패치가 나왔습니다.\n워커1 재부팅해도 될까요?',
      'reboot|atlas-wk-1||',
    ],
  ])('%s: %j', (_lang, text, want) => {
    expect(read(text, atlas)).toBe(want);
  });
});
