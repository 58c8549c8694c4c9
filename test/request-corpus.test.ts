/**
 * The request corpus (issue 17): test/fixtures/requests/corpus.yaml, at least 300 requests as
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
import { parseCommand } from '../src/commands/parse-command.js';
import { summarizeRequest } from '../src/commands/request-summary.js';

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

const corpus = parseYaml(readFileSync(new URL('./fixtures/requests/corpus.yaml', import.meta.url), 'utf8')) as Corpus;

type Outcome = 'understood' | 'not-understood' | 'wrong-action' | 'wrong-node' | 'wrong-mode';

function judge(c: Case, nodes: string[]): { outcome: Outcome; got: string } {
  const parsed = parseCommand(c.text, { nodes });
  if (!parsed.ok) return { outcome: 'not-understood', got: parsed.error.code };
  const s = summarizeRequest(parsed.command);
  const got = JSON.stringify({ intent: s.intent, nodes: s.nodes, group: s.group, mode: s.mode });
  if (s.intent !== c.intent) return { outcome: 'wrong-action', got };
  const wantNodes = c.nodes ?? [];
  const sameNodes = s.nodes.length === wantNodes.length && s.nodes.every((n, i) => n === wantNodes[i]);
  if (!sameNodes || (s.group ?? null) !== (c.group ?? null)) return { outcome: 'wrong-node', got };
  if (c.mode !== undefined && s.mode !== c.mode) return { outcome: 'wrong-mode', got };
  return { outcome: 'understood', got };
}

describe('request corpus (issue 17)', () => {
  const rows = corpus.groups.flatMap((g) => g.cases.map((c) => ({ ...c, cluster: g.cluster, group_: g.name })));
  const results = rows.map((r) => ({ row: r, ...judge(r, corpus.clusters[r.cluster] ?? []) }));
  const count = (o: Outcome): number => results.filter((r) => r.outcome === o).length;

  it('has at least 300 requests, each group citing its source', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const g of corpus.groups) expect(g.source.length).toBeGreaterThan(0);
  });

  it('understands at least 98 % and takes nothing for a different node or action', () => {
    const understood = count('understood');
    const pct = (100 * understood) / rows.length;
    const misses = results.filter((r) => r.outcome !== 'understood').map((r) => `${r.outcome}: ${JSON.stringify(r.row.text)} [${r.row.cluster}] → ${r.got}`);
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
});
