/**
 * Abuse of the maintenance texts: a reason, force reason, analysis summary or display
 * name carrying Slack mentions and links (`<!channel>`, `@here`, `<https://evil|x>`) or Markdown
 * (`[x](url)`, `**b**`) must not ping, link or format in the Slack card, its thread posts or the
 * audit, and must stay plain text (TextRun, never a Markdown TextBlock) in Teams cards.
 */
import { describe, expect, it } from '@jest/globals';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { renderMaintenanceCard, renderTeamsCards } from '../../adapters/teams/render-card.js';
import {
  explainAudit,
  explainMaintenanceCard,
  explainMaintenanceEvent,
} from '../../src/maintenance/explain-maintenance.js';
import type { Reply } from '../../src/explain/reply.js';
import type {
  Actor,
  MaintenanceEvent,
  MaintenanceRequest,
  MaintenanceState,
} from '../../src/maintenance/types.js';

const EVIL =
  '<!channel> <!here> @here <@U0ADMIN> *bold* <https://evil.example|x> [click](https://evil.example) **b** &lt; ```code``` \u202Eabc';
const evilActor = (id: string): Actor => ({ platform: 'teams', tenant: 't', id, displayName: EVIL });

function request(state: MaintenanceState): MaintenanceRequest {
  const now = new Date();
  return {
    id: 'mr-abcdefgh23',
    cluster: 'prod',
    node: 'master-2',
    nodeRole: 'control-plane',
    reason: `${EVIL} ${'ü'.repeat(600)}`.slice(0, 500),
    force: true,
    forceReason: EVIL,
    requestedBy: evilActor('a'),
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 1_000_000).toISOString(),
    approvalsRequired: 2,
    approvals: [{ actor: evilActor('b'), at: now.toISOString() }],
    rejectedBy: evilActor('c'),
    cancelledBy: evilActor('d'),
    state,
    locale: 'en',
    replyTo: { platform: 'slack', address: {} },
    verdictAtRequest: 'unsafe',
    summaryAtRequest: EVIL,
    progress: {},
    revision: 1,
  };
}

const EVENTS: MaintenanceEvent[] = [
  { type: 'approved', by: evilActor('b'), approvals: 1, required: 2 },
  { type: 'rejected', by: evilActor('c') },
  { type: 'cancel-requested', by: evilActor('d') },
  { type: 'cancelled', by: evilActor('d'), nodeCordoned: false, podsEvicted: 0 },
];

function replies(): Reply[] {
  const out: Reply[] = [];
  for (const state of [
    'pending-approval',
    'rejected',
    'cancelled',
    'failed',
    'completed',
  ] as MaintenanceState[]) {
    const r = request(state);
    out.push(explainMaintenanceCard(r, 'en'), explainMaintenanceCard(r, 'ko'));
    for (const e of EVENTS) {
      const reply = explainMaintenanceEvent(r, e, 'en');
      if (reply) out.push(reply);
    }
  }
  out.push(
    explainAudit(
      [
        {
          streamId: '1-0',
          at: new Date().toISOString(),
          requestId: 'mr-abcdefgh23',
          cluster: 'prod',
          node: 'master-2',
          actor: EVIL,
          event: EVENTS[0] as MaintenanceEvent,
        },
      ],
      'en',
    ),
  );
  return out;
}

/** Every string under a JSON value, with its path. */
function strings(o: unknown, path = ''): [string, string][] {
  if (typeof o === 'string') return [[path, o]];
  if (Array.isArray(o)) return o.flatMap((x, i) => strings(x, `${path}[${i}]`));
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

describe('hostile texts in maintenance messages', () => {
  it('Slack: no raw mention, broadcast or link syntax reaches a text or block', () => {
    let seen = 0;
    for (const reply of replies()) {
      for (const [path, s] of strings(renderSlackMessages(reply))) {
        if (!s.includes('evil.example') && !s.includes('channel')) continue;
        seen += 1;
        expect(`${path}: ${s}`).not.toMatch(/<!channel>|<!here>|<@U0ADMIN>|<https:\/\/evil/);
        expect(`${path}: ${s}`).not.toMatch(/(^|[^\u2060])@here/);
      }
    }
    expect(seen).toBeGreaterThan(20);
  });

  it('Teams: hostile text is never in a Markdown TextBlock or a FactSet, only in plain TextRuns', () => {
    const bad: string[] = [];
    let runs = 0;
    const walk = (o: unknown, path: string): void => {
      if (Array.isArray(o)) o.forEach((x, i) => walk(x, `${path}[${i}]`));
      else if (o && typeof o === 'object') {
        const rec = o as Record<string, unknown>;
        const text = typeof rec.text === 'string' ? rec.text : typeof rec.title === 'string' ? rec.title : '';
        if (text.includes('evil.example')) {
          if (rec.type === 'TextRun') runs += 1;
          else bad.push(`${path} (${String(rec.type)}): ${text.slice(0, 80)}`);
        }
        for (const [k, v] of Object.entries(rec)) walk(v, `${path}.${k}`);
      }
    };
    for (const reply of replies()) {
      walk(
        reply.kind === 'maintenance'
          ? renderMaintenanceCard(reply).card
          : renderTeamsCards(reply, {}).map((m) => m.card),
        reply.title,
      );
    }
    expect(bad).toEqual([]);
    expect(runs).toBeGreaterThan(20);
  });
});
