/**
 * Score a set of mined phrasings (test/fixtures/requests/mined-*.json: `{text, source, intent,
 * nodes, lang}` per entry, issue 30 item 6) the way `k8s-ha-bot ask --format json` reads them
 * against the built-in demo cluster, in-process and without analysing anything: the intake's parse
 * (no node list, src/intake/intake.ts), then the worker's second reading with the live node list (rereadWithNodes)
 * and its resolution of the names and its "which control plane node?" clarification (src/answer/answer.ts).
 *
 * Judging, as the issue's acceptance says: understood = the request's intent equals the expected
 * one and its node set equals the expected set (a group request is expected with no nodes), and
 * every node named exists (otherwise the answer is "No node named X"); clarified-right = an
 * `ambiguous` answer whose first suggestion's request is right by the same rule; a wrong node = a
 * name in the request (or in the first suggestion) that the user did not mean.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ambiguous, parseCommand, rereadWithNodes } from '../../src/commands/parse-command.js';
import { controlPlaneReadings } from '../../src/commands/clarify.js';
import { summarizeRequest } from '../../src/commands/request-summary.js';
import type { Command, Locale } from '../../src/commands/types.js';
import { BUILT_IN_SNAPSHOT } from '../../src/config/load-config.js';

/** One mined phrasing with the reading it was mined for. */
export interface MinedEntry {
  text: string;
  /** Where the phrasing comes from (URL). */
  source: string;
  /** The expected intent, as `request.intent` of `--format json` spells it. */
  intent: string;
  /** The nodes meant, full demo names; [] for none or a group. */
  nodes: string[];
  lang: 'en' | 'ko';
}

/** How one entry was read. */
export type MinedOutcome = 'understood' | 'clarified-right' | 'clarified-wrong' | 'misread' | 'refused';

/** One entry's result: the outcome, what was read (`intent [nodes]` or the error code) and the wrong node names. */
export interface MinedResult {
  entry: MinedEntry;
  outcome: MinedOutcome;
  got: string;
  wrongNodes: string[];
}

/** The figures of a set: counts per outcome, wrong node names, and each entry's result. */
export interface MinedFigures {
  total: number;
  understood: number;
  clarifiedRight: number;
  /** Wrong node names over all entries (one entry can hold several). */
  wrongNodes: number;
  results: MinedResult[];
}

/** The node names of the built-in demo snapshot (examples/ha-3cp.json): atlas-cp-1..3, atlas-wk-1..2. */
export function demoNodeNames(): string[] {
  const file = JSON.parse(readFileSync(resolve(BUILT_IN_SNAPSHOT), 'utf8')) as {
    cluster: { items: { kind?: string; metadata?: { name?: string } }[] };
  };
  return file.cluster.items.filter((i) => i.kind === 'Node').map((i) => i.metadata?.name ?? '');
}

/** The request `--format json` reports for a text, or the suggestions of a clarification, or the error code. */
type Read =
  | { kind: 'request'; intent: string; nodes: string[] }
  | { kind: 'ask'; first: { intent: string; nodes: string[] } }
  | { kind: 'refused'; code: string };

/**
 * Read one text as `ask --format json` does: the intake's parse, then the worker's name resolution
 * and control-plane clarification against `nodes`.
 * @param text - the message
 * @param nodes - the cluster's node names
 * @param defaultLocale - the answer language when the text has no Hangul
 */
export function readAsAsk(text: string, nodes: readonly string[], defaultLocale: Locale = 'en'): Read {
  const parsed = parseCommand(text, { defaultLocale });
  // A clarification naming nodes goes to the worker with its first reading (src/intake/intake.ts).
  const choice = parsed.ok ? undefined : parsed.error.suggestions?.[0];
  const first =
    choice === undefined || choice.request.nodes.length === 0
      ? undefined
      : parseCommand(choice.text, { defaultLocale });
  if (!parsed.ok && first?.ok !== true) return readError(parsed.error);
  const command = parsed.ok ? parsed.command : (first as { ok: true; command: Command }).command;
  const reread = rereadWithNodes(text, command, nodes, parsed.locale, !parsed.ok);
  if (!reread.ok) return readError(reread.error);
  const named = reread.command;
  const choices = controlPlaneReadings(named, nodes, parsed.locale);
  if (choices.length > 0) {
    const asked = ambiguous(choices, { nodes }, parsed.locale);
    if (!asked.ok) return readError(asked.error);
  }
  const s = summarizeRequest(named);
  return { kind: 'request', intent: s.intent, nodes: s.nodes };
}

/**
 * One text read as {@link readAsAsk} reads it, in one line: `intent [nodes]`, `ask: intent [nodes]`
 * for a clarification's first choice, or the error code.
 * @param text - the message
 * @param nodes - the cluster's node names
 */
export function readLine(text: string, nodes: readonly string[]): string {
  const r = readAsAsk(text, nodes);
  if (r.kind === 'refused') return r.code;
  const s = r.kind === 'request' ? r : r.first;
  return `${r.kind === 'ask' ? 'ask: ' : ''}${s.intent} [${s.nodes.join(', ')}]`;
}

function readError(error: {
  code: string;
  suggestions?: readonly { request: { intent: string; nodes: readonly string[] } }[];
}): Read {
  const first = error.suggestions?.[0]?.request;
  return first === undefined
    ? { kind: 'refused', code: error.code }
    : { kind: 'ask', first: { intent: first.intent, nodes: [...first.nodes] } };
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Judge every entry of a mined set.
 * @param entries - the set
 * @param nodes - the cluster's node names (default: the demo cluster's)
 * @returns the figures and each entry's result
 */
export function judgeMined(
  entries: readonly MinedEntry[],
  nodes: readonly string[] = demoNodeNames(),
): MinedFigures {
  const results = entries.map((entry): MinedResult => {
    const read = readAsAsk(entry.text, nodes);
    if (read.kind === 'refused') return { entry, outcome: 'refused', got: read.code, wrongNodes: [] };
    const r = read.kind === 'request' ? read : read.first;
    const wrongNodes = r.nodes.filter((n) => !entry.nodes.includes(n));
    const right =
      r.intent === entry.intent && sameSet(r.nodes, entry.nodes) && r.nodes.every((n) => nodes.includes(n));
    const got = `${read.kind === 'ask' ? 'ask: ' : ''}${r.intent} [${r.nodes.join(', ')}]`;
    const outcome: MinedOutcome =
      read.kind === 'request'
        ? right
          ? 'understood'
          : 'misread'
        : right
          ? 'clarified-right'
          : 'clarified-wrong';
    return { entry, outcome, got, wrongNodes };
  });
  const count = (o: MinedOutcome): number => results.filter((r) => r.outcome === o).length;
  return {
    total: entries.length,
    understood: count('understood'),
    clarifiedRight: count('clarified-right'),
    wrongNodes: results.reduce((n, r) => n + r.wrongNodes.length, 0),
    results,
  };
}

/**
 * Load a mined set from a JSON file (an array of {@link MinedEntry}).
 * @param path - the file
 * @throws SyntaxError when the file is not JSON
 */
export function loadMined(path: string): MinedEntry[] {
  return JSON.parse(readFileSync(path, 'utf8')) as MinedEntry[];
}

/**
 * The figures as text: totals (understood, clarified with the right first choice, both together as
 * a share, wrong node names), then every entry not understood, by outcome.
 * @param f - the figures
 * @param misses - list the entries that were not understood (default true)
 */
export function formatMined(f: MinedFigures, misses = true): string {
  const pct = (n: number): string => `${((100 * n) / Math.max(1, f.total)).toFixed(1)} %`;
  const lines = [
    `entries ${f.total}: understood ${f.understood} (${pct(f.understood)}), clarified with the right first choice ${f.clarifiedRight}, together ${pct(f.understood + f.clarifiedRight)}; wrong node names ${f.wrongNodes}`,
  ];
  if (misses)
    for (const r of f.results.filter((x) => x.outcome !== 'understood'))
      lines.push(
        `${r.outcome}: ${JSON.stringify(r.entry.text.slice(0, 160))} — want ${r.entry.intent} [${r.entry.nodes.join(', ')}] → ${r.got}${r.wrongNodes.length > 0 ? ` WRONG NODES ${r.wrongNodes.join(', ')}` : ''}`,
      );
  return lines.join('\n');
}
