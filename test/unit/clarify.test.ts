/**
 * Issue 30, item 2: clarify instead of refusing. A text with a node or an action word that is not
 * read with certainty gets the one to three likeliest readings (buttons in Slack and Teams, numbered
 * lines in the console, `suggestions` in `--format json`), each the exact request it stands for;
 * "I did not understand" stays for a text with neither. Never a node the text did not name.
 */
import { describe, expect, it } from '@jest/globals';
import { ACTION_ID_PREFIX, renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { buttonRequestText } from '../../adapters/slack/slack-app.js';
import { cardActions } from '../../adapters/teams/render-card.js';
import { toJsonOutput } from '../../adapters/console/console-adapter.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import { summarizeRequest } from '../../src/commands/request-summary.js';
import type { ParseError } from '../../src/commands/types.js';
import { explainParseError } from '../../src/explain/explain-messages.js';
import { renderText } from '../../src/explain/render-text.js';

const atlas = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

function error(text: string, nodes?: readonly string[]): ParseError {
  const r = parseCommand(text, nodes === undefined ? {} : { nodes });
  if (r.ok) throw new Error(`understood: ${JSON.stringify(r.command)}`);
  return r.error;
}

describe('readings offered', () => {
  it.each([
    // Over the group the text names, first (issue 30 set b: "both workers" was offered all
    // control-plane nodes down); a role in the singular ("a worker") is its group.
    [
      'en',
      'what if a worker dies?',
      ['what if one of the workers goes down', 'what if all control-plane nodes go down', 'status'],
    ],
    [
      'ko',
      '워커 하나 죽으면?',
      ['워커 노드 중 하나가 다운되면 어떻게 돼?', '컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?', '상태'],
    ],
    ['en', 'both workers need node maintenance soon, the rack is overheating', ['maintain all workers']],
    ['ko', '워커 두 대 모두 유지보수 들어가야 해요', ['모든 워커 유지보수 요청']],
    [
      'en',
      'atlas-wk-1',
      ['can I reboot atlas-wk-1', 'can I drain atlas-wk-1', 'what if atlas-wk-1 goes down'],
    ],
    [
      'en',
      'wk1 is acting weird',
      ['can I reboot atlas-wk-1', 'can I drain atlas-wk-1', 'what if atlas-wk-1 goes down'],
    ],
    [
      'ko',
      'atlas-wk-1 어때?',
      ['atlas-wk-1 재부팅해도 돼?', 'atlas-wk-1 드레인해도 돼?', 'atlas-wk-1 다운되면 어떻게 돼?'],
    ],
    [
      'ko',
      '재부팅해도 돼?',
      ['워커 노드 하나씩 재부팅해도 돼?', '컨트롤 플레인 노드 하나씩 재부팅해도 돼?', '상태'],
    ],
    [
      'en',
      'can I reboot the control plane node?',
      ['can I reboot atlas-cp-1', 'can I reboot atlas-cp-2', 'can I reboot atlas-cp-3'],
    ],
    [
      'ko',
      '마스터 노드 재부팅해도 돼?',
      ['atlas-cp-1 재부팅해도 돼?', 'atlas-cp-2 재부팅해도 돼?', 'atlas-cp-3 재부팅해도 돼?'],
    ],
  ])('%s: %j', (_lang, text, want) => {
    const e = error(text, atlas);
    expect(e.code).toBe('ambiguous');
    expect(e.suggestions?.map((s) => s.text)).toEqual(want);
    // Each reading is exactly the request it says: asked as is, it parses to that request.
    for (const s of e.suggestions ?? []) {
      const r = parseCommand(s.text, { nodes: atlas });
      expect(r.ok).toBe(true);
      if (r.ok) expect(summarizeRequest(r.command)).toMatchObject(s.request);
    }
  });

  it.each([
    ['en', 'can I reboot it'],
    ['en', 'what if it goes down'],
    ['ko', '그 노드 드레인해도 돼?'],
    ['ko', '그거 재부팅해도 돼?'],
  ])('%s: a pronoun with no node named before: no-earlier-node, not a guess, %j', (_lang, text) => {
    // Issue 33 item 5: "it" refers to a node named earlier; with none, the bot asks which node.
    expect(error(text, atlas)).toEqual({ code: 'no-earlier-node' });
  });

  it.each([
    ['en', 'hello there, how are you'],
    ['ko', '안녕하세요 반갑습니다'],
  ])('%s: neither a node nor an action word: not understood, %j', (_lang, text) => {
    expect(error(text, atlas).code).toBe('not-understood');
  });

  it.each([
    ['en', 'reboot all workers except atlas-wk-2'],
    ['en', 'can I reboot atlas-wk-1; rm -rf /'],
    ['ko', 'atlas-wk-2 빼고 워커 전부 재부팅'],
  ])('%s: an exclusion or shell text offers no reading, %j', (_lang, text) => {
    expect(error(text, atlas).suggestions).toBeUndefined();
  });
});

describe('rendered on every surface', () => {
  const e = error('atlas-wk-1', atlas);
  const reply = explainParseError({ locale: 'en', requestId: 'r1', cluster: 'demo' }, e);

  it('console: numbered choices; --format json: suggestions with their requests', () => {
    const text = renderText(reply);
    expect(text).toContain('1. can I reboot atlas-wk-1');
    expect(text).toContain('3. what if atlas-wk-1 goes down');
    expect(toJsonOutput(reply, null).suggestions).toEqual([
      { text: 'can I reboot atlas-wk-1', request: { intent: 'reboot', nodes: ['atlas-wk-1'] } },
      { text: 'can I drain atlas-wk-1', request: { intent: 'drain', nodes: ['atlas-wk-1'] } },
      { text: 'what if atlas-wk-1 goes down', request: { intent: 'node-down', nodes: ['atlas-wk-1'] } },
    ]);
  });

  it('Slack: one button per reading, each asking its request', () => {
    const blocks = renderSlackMessages(reply).flatMap((m) => m.blocks ?? []);
    const buttons = blocks.flatMap((b) =>
      b.type === 'actions' ? (b.elements as { action_id?: string; value?: string }[]) : [],
    );
    expect(buttons.map((b) => b.action_id)).toEqual([1, 2, 3].map((i) => `${ACTION_ID_PREFIX}ask-${i}`));
    expect(buttons.map((b) => buttonRequestText(b))).toEqual([
      'can I reboot atlas-wk-1 --cluster demo',
      'can I drain atlas-wk-1 --cluster demo',
      'what if atlas-wk-1 goes down --cluster demo',
    ]);
  });

  it('Teams: one button per reading, posting its request as the user', () => {
    expect(cardActions(reply, 'r1').map((a) => (a.data as { msteams?: unknown }).msteams)).toEqual([
      { type: 'imBack', value: 'can I reboot atlas-wk-1' },
      { type: 'imBack', value: 'can I drain atlas-wk-1' },
      { type: 'imBack', value: 'what if atlas-wk-1 goes down' },
    ]);
  });
});
