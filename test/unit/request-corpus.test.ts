/**
 * The request corpus: test/fixtures/requests/corpus.yaml, at least 300 requests as
 * operators phrase them. Each is parsed with its cluster's node names (the demo cluster, the
 * scenario clusters) and compared with the expected intent, nodes or group, and plan mode.
 *
 * Acceptance: at least 98 % understood (right intent and right nodes), and none understood as a
 * different node or a different action (a wrong node is worse than "I did not understand").
 * The figures are printed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { parseCommand, resolveCommandNodes } from '../../src/commands/parse-command.js';
import { summarizeRequest } from '../../src/commands/request-summary.js';

interface Case {
  text: string;
  intent: string;
  nodes?: string[];
  group?: string;
  mode?: string;
}
interface Corpus {
  clusters: Record<string, string[]>;
  groups: { name: string; source: string; cluster: string; cases: Case[] }[];
}

const corpus = parseYaml(
  readFileSync(new URL('../fixtures/requests/corpus.yaml', import.meta.url), 'utf8'),
) as Corpus;
/** The held-out set: written without reading the parser, never tuned against (see its header). */
const heldOut = parseYaml(
  readFileSync(new URL('../fixtures/requests/held-out.yaml', import.meta.url), 'utf8'),
) as Corpus;

type Outcome = 'understood' | 'not-understood' | 'wrong-action' | 'wrong-node' | 'wrong-mode';

/**
 * Judge one case. `withList`: the parser has the node names (the worker); without, the adapter's
 * parse is resolved afterwards against the same names, as the worker does (resolveCommandNodes).
 */
function judge(c: Case, nodes: string[], withList = true): { outcome: Outcome; got: string } {
  const parsed = parseCommand(c.text, withList ? { nodes } : {});
  if (!parsed.ok) return { outcome: 'not-understood', got: parsed.error.code };
  const s = summarizeRequest(withList ? parsed.command : resolveCommandNodes(parsed.command, nodes));
  const got = JSON.stringify({ intent: s.intent, nodes: s.nodes, group: s.group, mode: s.mode });
  if (s.intent !== c.intent) return { outcome: 'wrong-action', got };
  const wantNodes = c.nodes ?? [];
  const sameNodes = s.nodes.length === wantNodes.length && s.nodes.every((n, i) => n === wantNodes[i]);
  if (!sameNodes || (s.group ?? null) !== (c.group ?? null)) return { outcome: 'wrong-node', got };
  if (c.mode !== undefined && s.mode !== c.mode) return { outcome: 'wrong-mode', got };
  return { outcome: 'understood', got };
}

describe('request corpus', () => {
  const rows = corpus.groups.flatMap((g) =>
    g.cases.map((c) => ({ ...c, cluster: g.cluster, group_: g.name })),
  );
  const results = rows.map((r) => ({ row: r, ...judge(r, corpus.clusters[r.cluster] ?? []) }));
  const count = (o: Outcome): number => results.filter((r) => r.outcome === o).length;

  it('has at least 300 requests, each group citing its source', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const g of corpus.groups) expect(g.source.length).toBeGreaterThan(0);
  });

  it('understands at least 98 % and takes nothing for a different node or action', () => {
    const understood = count('understood');
    const pct = (100 * understood) / rows.length;
    const misses = results
      .filter((r) => r.outcome !== 'understood')
      .map((r) => `${r.outcome}: ${JSON.stringify(r.row.text)} [${r.row.cluster}] → ${r.got}`);
    // The figures, for the closing note.
    console.log(
      [
        `corpus: ${rows.length} requests, understood ${understood} (${pct.toFixed(1)} %)`,
        `not understood ${count('not-understood')}, wrong action ${count('wrong-action')}, wrong node ${count('wrong-node')}, wrong plan mode ${count('wrong-mode')}`,
        ...misses,
      ].join('\n'),
    );
    expect(count('wrong-action')).toBe(0);
    expect(count('wrong-node')).toBe(0);
    expect(pct).toBeGreaterThanOrEqual(98);
  });

  it('gives the same figures when the adapter parses without the node list and the worker resolves the names', () => {
    const without = rows.map((r) => judge(r, corpus.clusters[r.cluster] ?? [], false).outcome);
    const understood = without.filter((o) => o === 'understood').length;
    console.log(
      `corpus without node list, resolved by the worker: understood ${understood} (${((100 * understood) / rows.length).toFixed(1)} %)`,
    );
    expect(without.filter((o) => o === 'wrong-action' || o === 'wrong-node')).toEqual([]);
    expect((100 * understood) / rows.length).toBeGreaterThanOrEqual(98);
  });

  // Parse speed is measured by `npm run bench` (its request-parser row), not by a timed test.
});

describe('held-out request corpus', () => {
  const rows = heldOut.groups.flatMap((g) => g.cases.map((c) => ({ ...c, cluster: g.cluster })));

  it('has at least 120 requests, each group citing its source', () => {
    expect(rows.length).toBeGreaterThanOrEqual(120);
    for (const g of heldOut.groups) expect(g.source.length).toBeGreaterThan(0);
  });

  it.each([
    ['with the node list (the worker)', true],
    ['without the node list, resolved by the worker', false],
  ])('understands at least 98 %% and takes nothing for a different node or action, %s', (_how, withList) => {
    const results = rows.map((r) => ({ row: r, ...judge(r, heldOut.clusters[r.cluster] ?? [], withList) }));
    const count = (o: Outcome): number => results.filter((r) => r.outcome === o).length;
    const understood = count('understood');
    const pct = (100 * understood) / rows.length;
    const misses = results
      .filter((r) => r.outcome !== 'understood')
      .map((r) => `${r.outcome}: ${JSON.stringify(r.row.text)} [${r.row.cluster}] → ${r.got}`);
    console.log(
      [
        `held-out (${withList ? 'node list' : 'no node list'}): ${rows.length} requests, understood ${understood} (${pct.toFixed(1)} %)`,
        `not understood ${count('not-understood')}, wrong action ${count('wrong-action')}, wrong node ${count('wrong-node')}, wrong plan mode ${count('wrong-mode')}`,
        ...misses,
      ].join('\n'),
    );
    expect(count('wrong-action')).toBe(0);
    expect(count('wrong-node')).toBe(0);
    expect(pct).toBeGreaterThanOrEqual(98);
  });
});

describe('requests that must not be taken for an action', () => {
  const nodes = corpus.clusters.atlas ?? [];
  it.each([
    ['shell after a name', 'can I reboot atlas-wk-1; rm -rf /'],
    ['an exclusion is not half-understood', 'reboot all workers except atlas-wk-2'],
    ['a negation', "don't reboot atlas-wk-1"],
    ['a node named with no request', 'atlas-wk-1'],
    ['a pronoun with no node named', 'can I reboot it'],
    ['a group word alone', 'masters'],
    ['small talk', 'hello there, how are you'],
    ['a verb and a name of no cluster node shape', 'reboot everything please'],
  ])('%s: %j', (_why, text) => {
    const parsed = parseCommand(text, { nodes });
    expect(parsed.ok).toBe(false);
  });
});

describe('the README says the corpora as they are', () => {
  it('names the number of phrasings in each file', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const size = (c: Corpus): number => c.groups.reduce((n, g) => n + g.cases.length, 0);
    expect(readme).toContain(`corpus.yaml holds ${size(corpus)} real-world phrasings`);
    expect(readme).toContain(`held-out.yaml ${size(heldOut)} more`);
  });
});
