/**
 * A plan card of a large fleet (hostile review of issue 20): `maintain all workers` on a
 * cluster of thousands of nodes. The card is rebuilt (worker) and rendered (gateway) on every node
 * state change; it must stay bounded, and the node in maintenance must be on the card as Slack and
 * Teams show it (their renderers keep only the first messages of a long reply).
 */
import { describe, expect, it } from '@jest/globals';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { renderMaintenanceCard } from '../../adapters/teams/render-card.js';
import { explainMaintenancePlanCard } from '../../src/maintenance/plan/explain-maintenance-plan.js';
import type { MaintenancePlan, PlanNode } from '../../src/maintenance/plan/plan-types.js';
import { englishProse } from '../helpers/english-prose.js';

const NODES = 5000;
const CURRENT = 3000;

function bigPlan(): MaintenancePlan {
  const at = '2026-12-01T10:00:00.000Z';
  const nodes: PlanNode[] = Array.from({ length: NODES }, (_, i) => ({
    node: `pool-wk-${String(i).padStart(5, '0')}`,
    role: 'worker',
    batch: i + 1,
    verdict: 'safe',
    why: [{ key: 'worker-order' }],
    state: i < CURRENT ? 'done' : i === CURRENT ? 'running' : 'pending',
    ...(i <= CURRENT ? { startedAt: at } : {}),
    ...(i < CURRENT ? { maintainedAt: at, settledAt: at, finishedAt: at } : {}),
  }));
  return {
    id: 'mp-abcdefghij',
    cluster: 'prod',
    reason: 'kernel patch',
    requestedBy: { platform: 'slack', tenant: 'T0', id: 'U0' },
    requestedAt: at,
    expiresAt: at,
    approvalsRequired: 1,
    approvals: [{ actor: { platform: 'slack', tenant: 'T0', id: 'U1' }, at }],
    state: 'running',
    locale: 'en',
    replyTo: { platform: 'slack', address: {} },
    revision: 9,
    settleMs: 120_000,
    excluded: [],
    nodes,
  } as unknown as MaintenancePlan;
}

describe('the card of a plan of thousands of nodes', () => {
  it('lists a bounded window around the node in maintenance, says how many are left out, and Slack and Teams show that node', () => {
    const card = explainMaintenancePlanCard(bigPlan(), 'en');
    const lines = card.sections.flatMap((s) => s.lines);
    // bounded: not one line (and several translations) per node of the fleet on every update
    expect(lines.length).toBeLessThan(200);
    const current = 'pool-wk-03000';
    expect(lines.some((l) => l.includes(current) && /in maintenance/.test(l))).toBe(true);
    // the line about the others counts what is not listed: every node not named on the card
    const plan = bigPlan();
    const unlisted = plan.nodes.filter((n) => !lines.some((l) => l.includes(n.node)));
    expect(unlisted.length).toBe(NODES - 50);
    const doneUnlisted = unlisted.filter((n) => n.state === 'done').length;
    expect(doneUnlisted).toBeGreaterThan(0);
    expect(lines).toContain(
      `${unlisted.length} more nodes of this plan are not listed here (${doneUnlisted} of them done).`,
    );
    expect(JSON.stringify(renderSlackMessages(card))).toContain(current);
    expect(JSON.stringify(renderMaintenanceCard(card))).toContain(current);
    const ko = explainMaintenancePlanCard({ ...bigPlan(), locale: 'ko' }, 'ko');
    expect(ko.sections.flatMap((s) => s.lines).some((l) => l.includes(current))).toBe(true);
  });

  it('a plan within the window lists every node, as before', () => {
    const small = { ...bigPlan(), nodes: bigPlan().nodes.slice(0, 7) };
    const lines = explainMaintenancePlanCard(small, 'en').sections.flatMap((s) => s.lines);
    for (const n of small.nodes) expect(lines.filter((l) => l.includes(n.node)).length).toBe(2);
    expect(lines.some((l) => /not listed here/.test(l))).toBe(false);
  });

  it("names each started node's own request id, in English and Korean (issue 31: to follow or cancel it)", () => {
    const plan = bigPlan();
    const nodes = plan.nodes.slice(0, 3).map((n, i) => (i < 2 ? { ...n, requestId: `mr-node${i}aaaaa` } : n));
    const small = { ...plan, nodes };
    const lines = explainMaintenancePlanCard(small, 'en').sections.flatMap((s) => s.lines);
    expect(lines.find((l) => l.startsWith('1. pool-wk-00000'))).toContain('(request mr-node0aaaaa)');
    expect(lines.find((l) => l.startsWith('2. pool-wk-00001'))).toContain('(request mr-node1aaaaa)');
    expect(lines.find((l) => l.startsWith('3. pool-wk-00002'))).not.toContain('request');
    const ko = explainMaintenancePlanCard({ ...small, locale: 'ko' }, 'ko').sections.flatMap((s) => s.lines);
    expect(ko.find((l) => l.startsWith('1. pool-wk-00000'))).toContain('(요청 mr-node0aaaaa)');
  });

  it('a Korean card says each verdict in Korean, with no English word (issue 30: "caution: 대기")', () => {
    const plan = bigPlan();
    const verdicts = ['safe', 'caution', 'unsafe'] as const;
    const nodes = plan.nodes.slice(0, 3).map((n, i) => ({ ...n, verdict: verdicts[i] ?? 'safe' }));
    const small = {
      ...plan,
      locale: 'ko',
      nodes,
      excluded: [{ node: 'pool-wk-09999', reasons: ['pdb-blocks/more-than-allowed'] }],
    } as unknown as MaintenancePlan;
    const card = explainMaintenancePlanCard(small, 'ko');
    const text = [card.title, card.summary, ...card.sections.flatMap((s) => [s.heading, ...s.lines])].join(
      '\n',
    );
    expect(englishProse(text)).toEqual([]);
    const lines = card.sections.flatMap((s) => s.lines);
    expect(lines.find((l) => l.startsWith('1. pool-wk-00000'))).toContain('1단계, 안전: ');
    expect(lines.find((l) => l.startsWith('2. pool-wk-00001'))).toContain('2단계, 주의: ');
    expect(lines.find((l) => l.startsWith('3. pool-wk-00002'))).toContain('3단계, 위험: ');
    expect(card.sections.map((s) => s.heading)).toContain('제외됨 (지금은 위험)');
    // English keeps its words.
    const en = explainMaintenancePlanCard({ ...small, locale: 'en' }, 'en').sections.flatMap((s) => s.lines);
    expect(en.find((l) => l.startsWith('2. pool-wk-00001'))).toContain('step 2, caution: ');
  });
});
