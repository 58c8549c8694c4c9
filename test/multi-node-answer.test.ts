/**
 * Several nodes in one question (issue 17), on the answer path: until the joint and rolling
 * analysis exists, the answer lists every node understood and answers each one alone, labelled
 * so, with no overall verdict; it never answers only the first node. Short names and typos are
 * resolved by the worker against the live node list.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AnswerService, createAnswerService } from '../src/answer/answer.js';
import type { Reply } from '../src/explain/reply.js';
import { renderText } from '../src/explain/render-text.js';

const DIR = join(process.cwd(), 'test/fixtures/scenarios');

let service: AnswerService;
beforeAll(() => {
  service = createAnswerService({
    config: {
      source: 'test',
      clusters: {
        atlas: { kind: 'snapshot', snapshot: join(DIR, '01-healthy-3cp-stacked-etcd.json'), requestTimeoutMs: 5000, deadlineMs: 20000 },
        aks: { kind: 'snapshot', snapshot: join(DIR, '13-managed-aks-like-no-control-plane-nodes.json'), requestTimeoutMs: 5000, deadlineMs: 20000 },
      },
      defaultCluster: 'atlas',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    },
  });
});
afterAll(() => service.close());

async function ask(text: string, cluster = 'atlas', locale: 'en' | 'ko' = 'en'): Promise<{ reply: Reply; text: string }> {
  const reply = await service.answer({
    requestId: 'multi-1',
    text,
    cluster,
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });
  return { reply, text: renderText(reply) };
}

describe('several nodes, answered node by node (issue 17)', () => {
  it('"can I reboot atlas-cp-1 and atlas-cp-2" answers both nodes alone and gives no overall verdict', async () => {
    const { reply, text } = await ask('can I reboot atlas-cp-1 and atlas-cp-2');
    expect(reply.verdict).toBeNull();
    expect(reply.summary).toContain('not available yet');
    expect(reply.summary).toContain('atlas-cp-1, atlas-cp-2');
    const lines = reply.sections[0]?.lines ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^atlas-cp-1 alone: \[/);
    expect(lines[1]).toMatch(/^atlas-cp-2 alone: \[/);
    expect(text).toContain('together');
  });

  it('a group is resolved against the live node list: "in what order should I reboot the masters?"', async () => {
    const { reply } = await ask('in what order should I reboot the masters?');
    expect(reply.title).toContain('one by one');
    expect((reply.sections[0]?.lines ?? []).map((l) => l.split(' ')[0])).toEqual(['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3']);
  });

  it('short names are resolved by the worker: "can we reboot wk-1 and wk-2"', async () => {
    const { reply } = await ask('can we reboot wk-1 and wk-2');
    expect((reply.sections[0]?.lines ?? []).map((l) => l.split(' ')[0])).toEqual(['atlas-wk-1', 'atlas-wk-2']);
  });

  it('a zone group on a cluster that labels zones', async () => {
    const { reply } = await ask('can I reboot the nodes in zone westeurope-1', 'aks');
    expect((reply.sections[0]?.lines ?? []).map((l) => l.split(' ')[0])).toEqual(['aks-system-18822409-vmss000000', 'aks-user-40213377-vmss000000']);
  });

  it('an empty group says so and lists the nodes', async () => {
    const { reply } = await ask('can I reboot all the masters', 'aks');
    expect(reply.kind).toBe('error');
    expect(reply.summary).toContain('aks-user-40213377-vmss000001');
  });

  it('answers in Korean', async () => {
    const { reply } = await ask('wk-1이랑 wk-2 재부팅해도 돼?', 'atlas', 'ko');
    expect(reply.summary).toContain('따로 답합니다');
    expect(reply.sections[0]?.lines[0]).toMatch(/^atlas-wk-1 단독:/);
  });

  it('a single short name is resolved for a single-node answer: "can I reboot wk-2"', async () => {
    const { reply } = await ask('can I reboot wk-2');
    expect(reply.summary).toContain('atlas-wk-2');
    expect(reply.verdict).not.toBeNull();
  });
});
