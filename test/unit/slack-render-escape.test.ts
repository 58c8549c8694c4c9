/**
 * Hostile text in Slack messages: mentions, broadcasts, links and entities in node names,
 * summaries, reasons, sections, advice, context and button labels come back inert.
 */
import { describe, expect, it } from '@jest/globals';
import {
  escapeMrkdwn,
  mrkdwnBold,
  mrkdwnCode,
  safeCut,
  splitEscaped,
  truncateEscaped,
} from '../../adapters/slack/mrkdwn.js';
import { renderSlackMessages, slackButtonValue } from '../../adapters/slack/render-blocks.js';
import { slackLimitViolations } from '../../adapters/slack/render-limits.js';
import type { Reply } from '../../src/explain/reply.js';

const HOSTILE = [
  '<!channel>',
  '<@U123>',
  '<https://evil.example|click>',
  '&amp;',
  '<!here>',
  '<!subteam^S123>',
  '<#C123>',
  '@channel',
  '@here',
];
const EVIL = HOSTILE.join(' ');

function hostileReply(locale: 'en' | 'ko', longReasons = false): Reply {
  const node = `node-${EVIL}`;
  return {
    kind: 'reboot-impact',
    locale,
    title: `Reboot impact: ${node} in prod ${EVIL}`,
    verdict: 'caution',
    summary: `You can reboot ${node}, with care ${EVIL}`,
    planes: [
      {
        plane: 'control',
        affected: true,
        heading: `Control plane ${EVIL}`,
        reasons: longReasons
          ? Array.from({ length: 300 }, (_, i) => `${i} ${EVIL} ${'pad '.repeat(20)}`)
          : [`${node} holds the lease ${EVIL}`],
        stops: [`scheduling ${EVIL}`],
        keepsWorking: [`pods *bold* _it_ ~s~ \`code\` ${EVIL}`],
      },
    ],
    sections: [{ heading: `Nodes ${EVIL}`, lines: [`NotReady: ${EVIL}`] }],
    advice: [`Drain ${node} first`],
    actions: [
      {
        id: 'request-maintenance',
        label: `Request ${EVIL}`,
        value: JSON.stringify({ cluster: 'prod', node }),
      },
      {
        id: 'refresh',
        label: 'Refresh',
        value: JSON.stringify({ cluster: `prod${EVIL}`, node, kind: 'reboot-impact' }),
      },
    ],
    context: {
      cluster: `prod ${EVIL}`,
      snapshotAt: `2026-01-01 ${EVIL}`,
      requestId: `req ${EVIL}`,
      etcdSource: 'live',
    },
    findings: [],
  };
}

/** Every string in the rendered messages (texts, labels, values, ids), except under key `skip`. */
function strings(value: unknown, out: string[] = [], skip?: string): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out, skip);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== skip) strings(v, out, skip);
  return out;
}

describe.each([
  ['en', false],
  ['ko', false],
  ['en', true],
] as const)('hostile text in a %s reply (long: %s)', (locale, long) => {
  const reply = hostileReply(locale, long);
  const messages = renderSlackMessages(reply);
  const json = JSON.stringify(messages);

  it('renders valid messages', () => {
    if (long) expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(slackLimitViolations(m)).toEqual([]);
  });

  it('contains no mention, broadcast or link syntax anywhere', () => {
    expect(json).not.toContain('<!');
    expect(json).not.toContain('<@');
    expect(json).not.toContain('<http');
    expect(json).not.toContain('<#');
    // No raw < or > at all: every one the renderer received was escaped.
    for (const s of strings(messages)) expect(s).not.toMatch(/[<>]/);
  });

  it('escapes every ampersand once (&amp; arrives as &amp;amp;)', () => {
    expect(json).toContain('&amp;amp;');
    expect(json).toContain('&lt;!channel&gt;');
    expect(json).toContain('&lt;@U123&gt;');
    expect(json).toContain('&lt;https://evil.example|click&gt;');
    for (const m of messages) {
      for (const s of strings(m.blocks).concat(m.text)) {
        // Every & in displayed text starts one of our three entities; none is left to decode twice.
        for (const hit of s.matchAll(/&/g))
          expect(s.slice(hit.index, hit.index + 5)).toMatch(/^&(amp|lt|gt);/);
      }
    }
  });

  it('defuses bare @channel and @here in displayed text (button values are never displayed)', () => {
    for (const s of strings(messages, [], 'value')) expect(s).not.toMatch(/@(channel|here)\b/);
    expect(json).toContain('@\u2060channel');
  });

  it('keeps button values readable back to the original JSON', () => {
    const buttons = messages[0]?.blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])) ?? [];
    expect(buttons).toHaveLength(2);
    for (const [i, b] of buttons.entries()) {
      if (b.type !== 'button') throw new Error('expected a button');
      expect(JSON.parse(b.value ?? '')).toEqual(JSON.parse(reply.actions[i]?.value ?? ''));
    }
  });

  it('marks every mrkdwn object verbatim (no automatic link or mention parsing)', () => {
    const mrkdwn = json.match(/"type":"mrkdwn"[^}]*}/g) ?? [];
    expect(mrkdwn.length).toBeGreaterThan(3);
    for (const m of mrkdwn) expect(m).toContain('"verbatim":true');
  });
});

describe('escapeMrkdwn', () => {
  it.each([
    ['<!channel>', '&lt;!channel&gt;'],
    ['<@U123>', '&lt;@U123&gt;'],
    ['<https://evil|click>', '&lt;https://evil|click&gt;'],
    ['&amp;', '&amp;amp;'],
    ['a & b < c > d', 'a &amp; b &lt; c &gt; d'],
    ['atlas-cp-2', 'atlas-cp-2'],
    ['재부팅 *굵게*', '재부팅 *굵게*'],
  ])('%s → %s', (input, expected) => {
    expect(escapeMrkdwn(input)).toBe(expected);
  });

  it('defuses broadcast words with an invisible word joiner', () => {
    expect(escapeMrkdwn('@channel @here @everyone @channels')).toBe(
      '@\u2060channel @\u2060here @\u2060everyone @channels',
    );
  });
});

describe('formatting spans cannot be broken out of', () => {
  it('bold replaces * inside and keeps one line', () => {
    expect(mrkdwnBold('a*b*c\nd')).toBe('*a\u2217b\u2217c d*');
    expect(mrkdwnBold('  ')).toBe('');
  });
  it('inline code replaces backticks inside', () => {
    expect(mrkdwnCode('x`<@U1>`y')).toBe('`x\u02cb&lt;@U1&gt;\u02cby`');
  });
});

describe('cutting escaped text', () => {
  it('never splits an entity', () => {
    const s = escapeMrkdwn('ab<cd');
    // "ab&lt;cd": cutting at 4 would leave "ab&l"
    expect(safeCut(s, 4)).toBe(2);
    expect(truncateEscaped(s, 5)).toBe('ab…');
    expect(truncateEscaped(s, 100)).toBe(s);
  });
  it('never splits a surrogate pair', () => {
    const s = 'ab😀cd';
    expect(safeCut(s, 3)).toBe(2);
  });
  it('splits long text at spaces into pieces that join back to it', () => {
    const text = escapeMrkdwn(Array.from({ length: 500 }, (_, i) => `w${i}<&>`).join(' '));
    const pieces = splitEscaped(text, 100);
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(100);
      expect(p).not.toMatch(/&(a|am|l|g)?$/);
    }
    expect(pieces.join(' ')).toBe(text);
  });
});

describe('slackButtonValue', () => {
  it('writes <, > and & in JSON as \\u escapes that parse back to the same value', () => {
    const value = JSON.stringify({ node: '<!channel>&' });
    const safe = slackButtonValue(value);
    expect(safe).not.toMatch(/[<>&]/);
    expect(JSON.parse(safe)).toEqual(JSON.parse(value));
  });
  it('cuts a value over 2,000 characters without splitting an escape', () => {
    const value = JSON.stringify({ node: '<'.repeat(1000) });
    const safe = slackButtonValue(value);
    expect(safe.length).toBeLessThanOrEqual(2000);
    expect(safe).toMatch(/(\\u003c)+$/);
  });
  it('leaves a non-JSON value as it is', () => {
    expect(slackButtonValue('plain value')).toBe('plain value');
  });
});
