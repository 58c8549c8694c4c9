/**
 * Long answers in Slack: a 40 KB answer becomes several valid messages with nothing lost; a
 * bullet longer than a section is split across sections; only a message cap ends the answer with
 * "…and N more", and N counts exactly the lines not shown.
 */
import { describe, expect, it } from '@jest/globals';
import { renderSlackMessages, type SlackMessage } from '../../adapters/slack/render-blocks.js';
import { slackLimitViolations } from '../../adapters/slack/render-limits.js';
import { escapeMrkdwn } from '../../adapters/slack/mrkdwn.js';
import type { Reply } from '../../src/explain/reply.js';

const WORDS = [
  'etcd',
  'quorum',
  'apiserver',
  'kube-scheduler',
  'Lease',
  'PodDisruptionBudget',
  '재부팅',
  '컨트롤',
  'a&b',
  'x<y',
];

/** A reason of about `size` characters, starting with a unique tag. */
function reason(tag: string, size: number): string {
  const words: string[] = [`[${tag}]`];
  let len = words[0]?.length ?? 0;
  for (let i = 0; len < size; i += 1) {
    const w = WORDS[i % WORDS.length] ?? 'x';
    words.push(w);
    len += w.length + 1;
  }
  return words.join(' ');
}

function bigReply(locale: 'en' | 'ko'): Reply {
  const reasons = Array.from({ length: 150 }, (_, i) => reason(`why-${i}`, 200 + (i % 7) * 40));
  reasons.push(reason('why-huge', 7000)); // longer than a section: must be split, not cut
  return {
    kind: 'reboot-impact',
    locale,
    title: 'Reboot impact: big-node in prod',
    verdict: 'unsafe',
    summary: 'Do not reboot big-node now: 151 blocking problems below.',
    planes: [
      {
        plane: 'control',
        affected: true,
        heading: 'Control plane: affected',
        reasons,
        stops: Array.from({ length: 40 }, (_, i) => reason(`stop-${i}`, 120)),
        keepsWorking: Array.from({ length: 20 }, (_, i) => reason(`keep-${i}`, 100)),
      },
      {
        plane: 'data',
        affected: false,
        heading: 'Data plane: not affected',
        reasons: [reason('data-0', 80)],
        stops: [],
        keepsWorking: [],
      },
    ],
    sections: [],
    advice: Array.from({ length: 30 }, (_, i) => reason(`advice-${i}`, 150)),
    actions: [
      {
        id: 'refresh',
        label: 'Refresh',
        value: JSON.stringify({ cluster: 'prod', node: 'big-node', kind: 'reboot-impact' }),
      },
    ],
    context: {
      cluster: 'prod',
      snapshotAt: '2026-01-01T00:00:00Z',
      requestId: 'req-big',
      etcdSource: 'live',
    },
    findings: [],
  };
}

/** Every content line of a reply (what "…and N more" counts). */
function contentLines(reply: Reply): string[] {
  return [
    ...reply.summary.split('\n'),
    ...reply.planes.flatMap((p) => [...p.reasons, ...p.stops, ...p.keepsWorking]),
    ...reply.sections.flatMap((s) => s.lines),
    ...reply.advice,
  ];
}

/** All section texts in order, whitespace removed (a split consumes only whitespace). */
function shownText(messages: readonly SlackMessage[]): string {
  return messages
    .flatMap((m) => m.blocks.flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : [])))
    .join('')
    .replace(/\s+/g, '');
}

function shown(messages: readonly SlackMessage[], line: string): boolean {
  return shownText(messages).includes(escapeMrkdwn(line).replace(/\s+/g, ''));
}

describe.each(['en', 'ko'] as const)('a 40 KB answer (%s)', (locale) => {
  const reply = bigReply(locale);
  const size = JSON.stringify(reply).length;

  it('is really over 40 KB', () => {
    expect(size).toBeGreaterThan(40_000);
  });

  it('becomes several messages, each within every limit, none truncated', () => {
    const messages = renderSlackMessages(reply);
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const m of messages) expect(slackLimitViolations(m)).toEqual([]);
    // The verdict is in message 1; later messages say which answer they continue, in order.
    expect(JSON.stringify(messages[0]?.blocks[0])).toContain(locale === 'ko' ? '위험' : 'UNSAFE');
    messages.slice(1).forEach((m, i) => {
      expect(m.blocks[0]?.type).toBe('context');
      expect(m.text).toContain(`${i + 2}/${messages.length}`);
    });
    // Buttons and context ride on the first message (posted in the channel).
    expect(messages[0]?.blocks.some((b) => b.type === 'actions')).toBe(true);
    expect(JSON.stringify(messages)).not.toMatch(/…and \d+ more|외 \d+개 더/);
    for (const line of contentLines(reply)) expect(shown(messages, line)).toBe(true);
  });

  it('keeps the lines in their order', () => {
    const text = shownText(renderSlackMessages(reply));
    const positions =
      reply.planes[0]?.reasons.map((r) => text.indexOf(escapeMrkdwn(r).replace(/\s+/g, ''))) ?? [];
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('splits a bullet longer than a section across sections instead of cutting it', () => {
    const messages = renderSlackMessages(reply);
    const huge = reply.planes[0]?.reasons.find((r) => r.startsWith('[why-huge]')) ?? '';
    expect(escapeMrkdwn(huge).length).toBeGreaterThan(3000);
    const sections = messages
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : []));
    const at = sections.findIndex((t) => t.includes('[why-huge]'));
    expect(at).toBeGreaterThanOrEqual(0);
    // The next two sections continue the same bullet: no new bullet or label starts them.
    for (const t of sections.slice(at + 1, at + 3)) expect(t).not.toMatch(/^(•|\*)/);
    expect(shown(messages, huge)).toBe(true);
  });

  it('ends with "…and N more" only when capped, N being exactly the lines not shown', () => {
    const messages = renderSlackMessages(reply, { maxMessages: 2 });
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(slackLimitViolations(m)).toEqual([]);
    const lastBlock = messages[1]?.blocks.at(-1);
    const moreText = lastBlock?.type === 'section' ? (lastBlock.text?.text ?? '') : '';
    const match = /(?:…and (\d+) more|외 (\d+)개 더)/.exec(moreText);
    expect(match).not.toBeNull();
    const n = Number(match?.[1] ?? match?.[2]);
    const missing = contentLines(reply).filter((l) => !shown(messages, l)).length;
    expect(missing).toBeGreaterThan(0);
    expect(n).toBe(missing);
  });

  it('respects tighter limits given as options', () => {
    const messages = renderSlackMessages(reply, { maxBlocks: 8, maxTotalChars: 4000 });
    for (const m of messages) {
      expect(m.blocks.length).toBeLessThanOrEqual(8);
      expect(slackLimitViolations(m)).toEqual([]);
    }
    expect(messages.length).toBeGreaterThan(renderSlackMessages(reply).length);
  });
});

describe('edge cases', () => {
  it('a very long node name is cut in the header but kept whole in the body', () => {
    const node = `n${'x'.repeat(240)}.example.internal`;
    const reply = { ...bigReply('en'), title: `Reboot impact: ${node} in prod`, planes: [], advice: [] };
    const messages = renderSlackMessages(reply);
    expect(messages).toHaveLength(1);
    expect(slackLimitViolations(messages[0] as SlackMessage)).toEqual([]);
    const header = messages[0]?.blocks[0];
    expect(header?.type === 'header' && header.text.text.endsWith('…')).toBe(true);
    expect(JSON.stringify(messages[0]?.blocks.slice(1))).toContain(node);
  });

  it('an answer with empty lines and an empty summary still renders valid blocks', () => {
    const reply: Reply = {
      ...bigReply('en'),
      summary: '',
      planes: [],
      sections: [{ heading: '', lines: ['', '  ', 'one'] }],
      advice: [],
    };
    const messages = renderSlackMessages(reply);
    for (const m of messages) expect(slackLimitViolations(m)).toEqual([]);
    expect(messages[0]?.text).toBe('UNSAFE');
  });
});
