/**
 * Requests a new user found answered wrongly without a warning: a node named in a list that is no
 * node of the cluster (dropped, the rest analysed), a component down "on NODE" (read as a cluster,
 * or as the whole node going down), list and shell text refused as "not a valid node name", and
 * examples naming a `prod` cluster the configuration does not have. English and Korean.
 */
import { describe, expect, it } from '@jest/globals';
import { main } from '../../adapters/k8s-ha-bot.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import { explainParseError } from '../../src/explain/explain-messages.js';
import type { Command } from '../../src/commands/types.js';

async function ask(text: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(['node', 'k8s-ha-bot', 'ask', text], {
    out: (t) => void (out += t),
    err: (t) => void (out += t),
    env: { LOG_LEVEL: 'silent' },
  });
  return { code, out };
}

function commandOf(text: string): Command {
  const r = parseCommand(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code}`);
  return r.command;
}

describe('1: a node list never loses a name', () => {
  it.each([
    ['reboot atlas-wk-1 and atlas-wk-9', ['atlas-wk-1', 'atlas-wk-9']],
    ['reboot atlas-wk-1 and wk-9', ['atlas-wk-1', 'wk-9']],
    ['can I reboot atlas-wk-1 and bar', ['atlas-wk-1', 'bar']],
    ['reboot foo and bar', ['foo', 'bar']],
    ['can we reboot atlas-wk-1, atlas-wk-2 and baz', ['atlas-wk-1', 'atlas-wk-2', 'baz']],
    ['atlas-wk-1이랑 bar 재부팅해도 돼?', ['atlas-wk-1', 'bar']],
    ['atlas-wk-1과 atlas-wk-9 재부팅해도 돼?', ['atlas-wk-1', 'atlas-wk-9']],
    ['atlas-wk-1 and bar, can I reboot them?', ['atlas-wk-1', 'bar']],
    ['can we reboot atlas-wk-1 and bar together', ['atlas-wk-1', 'bar']],
    ['reboot atlas-wk-1 and bar one by one', ['atlas-wk-1', 'bar']],
    ['what if I lose atlas-cp-1 and bar', ['atlas-cp-1', 'bar']],
    ['can I upgrade atlas-wk-1 and bar', ['atlas-wk-1', 'bar']],
    ['drain atlas-wk-1 and bar', ['atlas-wk-1', 'bar']],
    ['atlas-wk-1이랑 bar 드레인해도 돼?', ['atlas-wk-1', 'bar']],
  ])('%s names every node', (text, nodes) => {
    const c = commandOf(text);
    expect(c.kind).toBe('multi-node');
    expect(c.kind === 'multi-node' ? c.nodes : []).toEqual(nodes);
  });

  it.each([
    'reboot atlas-wk-1 and atlas-wk-9',
    'reboot atlas-wk-1 and wk-9',
    'can I reboot atlas-wk-1 and bar',
    'reboot foo and bar',
    'atlas-wk-1이랑 atlas-wk-9 재부팅해도 돼?',
    'atlas-wk-1이랑 bar 재부팅해도 돼?',
  ])('%s: nothing analysed, the unknown name and the nodes said (exit 2)', async (text) => {
    const { code, out } = await ask(text);
    expect(code).toBe(2);
    expect(out).toMatch(/wk-9|bar|foo/);
    expect(out.split('\n')[0]).toMatch(/atlas-wk-1.*(?:wk-9|bar)|foo.*bar/);
    expect(out).toMatch(/No node named|노드가 없/);
    expect(out).toContain('atlas-wk-2');
    expect(out).not.toMatch(/CAUTION|SAFE|주의|안전/);
  });

  it.each([
    'reboot atlas-wk-1 && rm x',
    'reboot atlas-wk-1 | cat',
    'reboot $(whoami)',
    'atlas-wk-1 && rm x 재부팅해도 돼?',
  ])('%s is refused, naming the characters that are no part of a node name', async (text) => {
    const r = parseCommand(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('invalid-node-name');
    const { code, out } = await ask(text);
    expect(code).toBe(2);
    expect(out).not.toMatch(/CAUTION|SAFE|주의|안전/);
    expect(out).toMatch(/(?:Not part of a node name|노드 이름에 쓸 수 없는 문자): [&|$]/);
  });
});

describe('2, 3: a component down on a node is that component, on that node', () => {
  it.each([
    ['what if etcd is down on atlas-cp-1', 'etcd'],
    ['what if the scheduler is down on atlas-cp-1', 'kube-scheduler'],
    ['what if etcd on atlas-cp-1 goes down', 'etcd'],
    ['what if the etcd member on atlas-cp-1 dies', 'etcd'],
    ['atlas-cp-1의 etcd가 다운되면 어떻게 돼?', 'etcd'],
    ['atlas-cp-1에서 etcd가 죽으면?', 'etcd'],
  ])('%s', (text, component) => {
    const c = commandOf(text);
    expect(c.kind).toBe('what-if');
    if (c.kind === 'what-if') {
      expect(c.change).toEqual({ type: 'component-down', component, node: 'atlas-cp-1' });
      expect(c.cluster).toBeUndefined();
    }
  });

  it('the component down everywhere keeps its meaning, and a cluster after "in" stays the cluster', () => {
    expect(commandOf('what if etcd is down')).toMatchObject({
      kind: 'what-if',
      change: { type: 'component-down', component: 'etcd' },
    });
    expect(commandOf('what if etcd is down in demo')).toMatchObject({
      kind: 'what-if',
      change: { type: 'component-down', component: 'etcd' },
      cluster: 'demo',
    });
  });

  it('at the console: an etcd what-if for atlas-cp-1, not a cluster error', async () => {
    const { code, out } = await ask('what if etcd is down on atlas-cp-1');
    expect(out).not.toMatch(/No cluster named/);
    expect(out).toMatch(/etcd/);
    expect(code).not.toBe(2);
  });
});

describe('4: list requests of valid-looking names are not called invalid names', () => {
  it.each([
    ['reboot all workers except atlas-wk-1', /except/],
    ['atlas-wk-1 빼고 워커 전부 재부팅해도 돼?', /빼고/],
  ])('%s gets a specific answer', async (text, says) => {
    const { code, out } = await ask(text);
    expect(code).toBe(2);
    expect(out).not.toMatch(/not a valid node name|올바른 노드 이름이 아닙니다/);
    expect(out).toMatch(says);
  });
});

describe('5: error examples name a configured cluster', () => {
  it.each(['', 'blorp the frobnicator', '블롭 프로브'])('%j', async (text) => {
    const { out } = await ask(text);
    expect(out).not.toMatch(/\bprod\b/);
    // the cluster example names the configured (demo) cluster, as help does
    expect(out).toMatch(/can I reboot atlas-cp-2 in demo|demo 클러스터에서 atlas-cp-2 재부팅 가능/);
  });
});

describe('5: without a known cluster, the examples name none', () => {
  it.each([
    ['en', 'can I reboot atlas-cp-2'],
    ['ko', 'atlas-cp-2 재부팅 가능?'],
  ] as const)('%s', (locale, example) => {
    const reply = explainParseError({ locale, requestId: 'r', cluster: null }, { code: 'not-understood' });
    const lines = (reply.sections ?? []).flatMap((s) => s.lines);
    expect(lines.join('\n')).not.toMatch(/\bprod\b/);
    expect(lines.some((l) => l.endsWith(`—  ${example}`))).toBe(true);
  });
});
