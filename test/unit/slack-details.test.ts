/**
 * The "Details" button's store and click handling (adapters/slack/slack-details.ts) with an
 * in-memory store and a recording client: what does not fit a modal goes to the answer's thread
 * in messages within Slack's limits; an ephemeral answer's details go privately to the clicker.
 */
import { describe, expect, it } from '@jest/globals';
import type { webApi } from '@slack/bolt';
import { SLACK_LIMITS, slackMessageChars, type SlackDetails } from '../../adapters/slack/render-blocks.js';
import {
  boundedDetails,
  DETAILS_MAX_CHARS,
  isDetailsId,
  SlackDetailsButton,
} from '../../adapters/slack/slack-details.js';
import { translator } from '../../src/explain/i18n.js';
import type { DetailsClick } from '../../adapters/slack/slack-details.js';
import { silentLogger } from '../../src/util/logger.js';

interface Recorded {
  method: string;
  args: { blocks?: unknown[]; text?: string; thread_ts?: string; user?: string };
}

function harness(): {
  button: SlackDetailsButton;
  calls: Recorded[];
  stored: Map<string, SlackDetails>;
  claimed: Set<string>;
} {
  const stored = new Map<string, SlackDetails>();
  const claimed = new Set<string>();
  const calls: Recorded[] = [];
  const button = new SlackDetailsButton({
    logger: silentLogger,
    store: {
      saveDetails: async (id, details) => {
        stored.set(id, details);
      },
      readDetails: async (id) => stored.get(id) ?? null,
      claim: async (keys) => {
        const first = keys.every((k) => !claimed.has(k));
        for (const k of keys) claimed.add(k);
        return first;
      },
      release: async (keys) => {
        for (const k of keys) claimed.delete(k);
      },
    },
    client: {
      views: {
        open: async (args) => {
          calls.push({ method: 'views.open', args: args as Recorded['args'] });
          return { ok: true } as webApi.ViewsOpenResponse;
        },
      },
      chat: {
        postMessage: async (args) => {
          calls.push({ method: 'chat.postMessage', args: args as Recorded['args'] });
          return { ok: true, ts: '1.1' } as webApi.ChatPostMessageResponse;
        },
        postEphemeral: async (args) => {
          calls.push({ method: 'chat.postEphemeral', args: args as Recorded['args'] });
          return { ok: true } as webApi.ChatPostEphemeralResponse;
        },
      },
    },
  });
  return { button, calls, stored, claimed };
}

/** Details of `count` sections of 2,500 characters each (a long drain list, say). */
function bigDetails(count: number): SlackDetails {
  return {
    title: 'Reboot impact: atlas-wk-1 in prod',
    locale: 'en',
    sections: Array.from({ length: count }, (_, i) => `• pod-${i} ${'x'.repeat(2500)}`),
  };
}

const click: DetailsClick = {
  triggerId: '1.2.abc',
  channel: 'C1',
  userId: 'U1',
  threadTs: '1712000000.000100',
  ephemeral: false,
  locale: 'en',
};

describe('SlackDetailsButton', () => {
  it('details longer than a modal (over 100 blocks) are posted in the thread, every section once, within message limits', async () => {
    const { button, calls, stored } = harness();
    stored.set('sd-AAAAAAAAAAAAAAAAAAAAAA', bigDetails(130));
    await button.open('sd-AAAAAAAAAAAAAAAAAAAAAA', click);
    expect(calls.filter((c) => c.method === 'views.open')).toHaveLength(0);
    const posted = calls.filter((c) => c.method === 'chat.postMessage');
    expect(posted.length).toBeGreaterThan(1);
    const sections: string[] = [];
    for (const p of posted) {
      expect(p.args.thread_ts).toBe(click.threadTs);
      const blocks = (p.args.blocks ?? []) as { type: string; text?: { text: string } }[];
      expect(blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
      expect(slackMessageChars({ text: p.args.text ?? '', blocks: blocks as never })).toBeLessThanOrEqual(
        SLACK_LIMITS.messageChars,
      );
      sections.push(...blocks.filter((b) => b.type === 'section').map((b) => b.text?.text ?? ''));
    }
    expect(sections).toEqual(bigDetails(130).sections);
  });

  it('an ephemeral answer’s details go privately to the clicker when no modal opens', async () => {
    const { button, calls, stored } = harness();
    stored.set('sd-BBBBBBBBBBBBBBBBBBBBBB', bigDetails(101));
    await button.open('sd-BBBBBBBBBBBBBBBBBBBBBB', { ...click, ephemeral: true });
    expect(calls.filter((c) => c.method === 'chat.postMessage')).toHaveLength(0);
    const privately = calls.filter((c) => c.method === 'chat.postEphemeral');
    expect(privately.length).toBeGreaterThan(0);
    expect(privately.every((c) => c.args.user === 'U1')).toBe(true);
  });

  it('only `sd-` and 22 base64url characters is a details id; anything else is ignored before Redis', () => {
    expect(isDetailsId('sd-AAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    for (const bad of [
      '',
      'sd-',
      'sd-short',
      'mr-AAAAAAAAAAAAAAAAAAAAAA',
      'sd-AAAAAAAAAAAAAAAAAAAAAA\n',
      'sd-AAAAAAAAAAAAAAAAAAAA/A',
    ])
      expect(isDetailsId(bad)).toBe(false);
  });

  // A hostile review (issue 33's kind: floods): 300 clicks by one user made 300 Slack calls; 20
  // clicks on an ephemeral answer posted its details 20 times; a click from another channel showed
  // a private answer's details there; a 250-pod node stored 149 KB for a day.
  it('one user’s clicks on one answer within a few seconds make one Slack call', async () => {
    const { button, calls, stored } = harness();
    stored.set('sd-CCCCCCCCCCCCCCCCCCCCCC', bigDetails(3));
    for (let i = 0; i < 5; i += 1) await button.open('sd-CCCCCCCCCCCCCCCCCCCCCC', click);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('views.open');
    await button.open('sd-CCCCCCCCCCCCCCCCCCCCCC', { ...click, userId: 'U2' });
    expect(calls.filter((c) => c.method === 'views.open')).toHaveLength(2);
  });

  it('an ephemeral answer’s details go privately to each clicker once; later clicks are told they were sent', async () => {
    const { button, calls, stored, claimed } = harness();
    stored.set('sd-DDDDDDDDDDDDDDDDDDDDDD', bigDetails(101));
    const id = 'sd-DDDDDDDDDDDDDDDDDDDDDD';
    await button.open(id, { ...click, ephemeral: true });
    const first = calls.length;
    expect(first).toBeGreaterThan(1);
    claimed.delete(`details-click:${id}:U1`); // the few seconds have passed
    await button.open(id, { ...click, ephemeral: true });
    expect(calls).toHaveLength(first + 1);
    expect(calls[first]?.args.text).toBe("This answer's details were sent to you privately above.");
  });

  it('a click from another channel than the answer’s is answered "expired", with no modal', async () => {
    const { button, calls, stored } = harness();
    stored.set('sd-EEEEEEEEEEEEEEEEEEEEEE', { ...bigDetails(2), channel: 'C1' });
    await button.open('sd-EEEEEEEEEEEEEEEEEEEEEE', { ...click, channel: 'C9' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('chat.postEphemeral');
    expect(calls[0]?.args.text).toBe('These details have expired: ask again.');
  });

  it('details are stored up to the bound; the rest is one line saying how many sections were left out', () => {
    const big = bigDetails(130);
    const bounded = boundedDetails(big, translator('en'));
    const kept = bounded.sections.slice(0, -1);
    expect(kept).toEqual(big.sections.slice(0, kept.length));
    expect(kept.join('').length).toBeLessThanOrEqual(DETAILS_MAX_CHARS);
    expect(kept.join('').length + (big.sections[kept.length]?.length ?? 0)).toBeGreaterThan(
      DETAILS_MAX_CHARS,
    );
    expect(bounded.sections.at(-1)).toContain(`${130 - kept.length} more sections are not shown here`);
    const small = bigDetails(3);
    expect(boundedDetails(small, translator('en'))).toBe(small);
  });
});
