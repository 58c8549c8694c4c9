/**
 * A what-if, drain or upgrade analysis → the platform-neutral {@link Reply}, in the same
 * structure as a reboot answer: verdict first, then each plane (affected or not, why, what stops,
 * what keeps working), then when traffic would be interrupted, how long, in what order, and what to
 * do first.
 */
import type { Statement, WhatIfImpact } from '../analysis/what-if/what-if-impact.js';
import { DEFAULT_EVICTION_TOLERATION_S } from '../analysis/domain.js';
import { type FactValue, type Finding, type Plane, PLANES, SEVERITY_RANK } from '../analysis/types.js';
import { isComponentName } from '../commands/components.js';
import type { Locale } from '../commands/types.js';
import {
  adviseFindings,
  dataServesReduced,
  explainFinding,
  findingParams,
  partialKey,
} from './explain-finding.js';
import { type Translator, translator } from './i18n.js';
import type { PlaneSection, Reply, ReplySection } from './reply.js';
import { replyContext } from './context-line.js';
import { saidReasons } from './first-screen.js';

/** Who asked and where. */
export interface WhatIfExplainContext {
  locale: Locale;
  cluster: string;
  requestId: string;
  /** A time hint from the request ("tonight"). */
  when?: string;
}

/** ok findings not worth a line (the absence of a problem says it). */
const QUIET_OK = new Set([
  'readyz',
  'etcd-db-size',
  'etcd-voters',
  'control-plane-count',
  'etcd-leader',
  'capacity',
]);

function componentName(tr: Translator, component: string): string {
  return isComponentName(component) ? tr.t(`whatIf.component.${component}`) : component;
}

function params(tr: Translator, p: Record<string, FactValue>): Record<string, FactValue> {
  const out: Record<string, FactValue> = { ...p };
  if (typeof p.component === 'string') out.componentName = componentName(tr, p.component);
  return out;
}

/**
 * One finding's sentence: the what-if text when there is one, else the reboot text. For a node
 * that is lost (`lost`), the drain findings of the reboot analysis are told as what happens without
 * a drain (`whatIf.lost.*`): pods leave only when the taint manager evicts them, after the
 * cluster's node-monitor grace period (`graceS`: 50 s from Kubernetes 1.32, 40 s before; the
 * analysis' `state.nodeMonitorGrace`) and the {@link DEFAULT_EVICTION_TOLERATION_S} s NoExecute
 * toleration (docs/domain.md, "Node failure timings").
 */
function explainOne(tr: Translator, f: Finding, lost: boolean, graceS: number): string | null {
  const lostBase = `whatIf.lost.${f.check}.${f.variant}`;
  // A partial file (nodes it leaves out): "the only node" only of the file (`-partial`).
  const lostKey = partialKey(tr, f, lostBase) ?? lostBase;
  if (lost && tr.has(lostKey)) {
    return tr.t(
      lostKey,
      params(tr, {
        ...findingParams(tr, f),
        graceS,
        tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      }),
    );
  }
  const key = `whatIf.checks.${f.check}.${f.variant}`;
  if (tr.has(key)) return tr.t(key, params(tr, findingParams(tr, f)));
  return explainFinding(tr, f);
}

function statementText(tr: Translator, s: Statement): string {
  return tr.t(`whatIf.${s.key}`, params(tr, s.params));
}

function unique(lines: string[]): string[] {
  return [...new Set(lines)];
}

/** The key under `whatIf.title` / `whatIf.what` and the interpolation values for the subject. */
function subjectKey(impact: WhatIfImpact): {
  key: string;
  values: Record<string, FactValue>;
  outage: boolean;
} {
  const s = impact.subject;
  if (s.kind === 'drain') return { key: s.verb ?? 'drain', values: { node: s.node }, outage: false };
  if (s.kind === 'upgrade') return { key: 'upgrade', values: { node: s.node }, outage: false };
  const c = s.change;
  switch (c.type) {
    case 'component-restart':
      return c.node === undefined
        ? { key: 'component-restart', values: { component: c.component }, outage: false }
        : { key: 'component-restart-node', values: { component: c.component, node: c.node }, outage: false };
    case 'rolling-update':
      return { key: 'rolling-update', values: { component: c.component }, outage: false };
    case 'node-down':
      return { key: 'node-down', values: { node: c.node }, outage: true };
    case 'control-plane-down':
      return { key: 'control-plane-down', values: {}, outage: true };
    case 'etcd-quorum-loss':
      return { key: 'etcd-quorum-loss', values: {}, outage: true };
    case 'component-down':
      return c.node === undefined
        ? { key: 'component-down', values: { component: c.component }, outage: true }
        : { key: 'component-down-node', values: { component: c.component, node: c.node }, outage: true };
    case 'etcd-member-remove':
      // A member asked for by ID is named by its node once the analysis found it.
      if (c.member === undefined)
        return { key: 'etcd-member-remove', values: { node: c.node ?? '' }, outage: false };
      return c.node === undefined
        ? { key: 'etcd-member-remove-id', values: { member: c.member }, outage: false }
        : { key: 'etcd-member-remove-id-node', values: { node: c.node, member: c.member }, outage: false };
  }
}

function targetSummary(tr: Translator, impact: WhatIfImpact, cluster: string): string {
  const f = impact.findings[0];
  if (!f) return '';
  const p = params(tr, findingParams(tr, f));
  const base = { ...p, cluster, components: (f.facts.components ?? []) as readonly string[] };
  switch (f.variant) {
    case 'unknown-component':
      return tr.t(
        (f.facts.suggestions as readonly string[] | undefined)?.length
          ? 'whatIf.target.unknown-component-suggest'
          : 'whatIf.target.unknown-component',
        base,
      );
    case 'unknown-node': {
      const nodes = (f.facts.nodes ?? []) as readonly string[];
      const key = (f.facts.suggestions as readonly string[] | undefined)?.length
        ? 'unknown-node-suggest'
        : nodes.length > 0
          ? 'unknown-node-list'
          : 'unknown-node';
      return tr.t(`whatIf.target.${key}`, { ...base, nodes: tr.list(nodes) });
    }
    case 'kube-proxy-absent':
      return tr.t('whatIf.target.kube-proxy-absent', {
        ...base,
        cniText:
          typeof f.facts.cni === 'string'
            ? tr.t('whatIf.target.kube-proxy-absent-cni', { cni: f.facts.cni })
            : '',
      });
    default:
      return tr.t(`whatIf.target.${f.variant}`, base);
  }
}

/**
 * Explain a what-if, drain or upgrade analysis.
 * @param impact - the analysis ({@link analyzeWhatIf}, {@link analyzeDrainImpact}, {@link analyzeUpgradeImpact})
 * @param ctx - locale, cluster name, request id, time hint
 * @returns the reply: kind `reboot-impact` (the same verdict / planes / reasons structure) with the
 *   extra sections; kind `error` with a null verdict when the component or node is unknown or absent
 */
export function explainWhatIf(impact: WhatIfImpact, ctx: WhatIfExplainContext): Reply {
  const tr = translator(ctx.locale);
  const { key, values, outage } = subjectKey(impact);
  const named = params(tr, { ...values, cluster: ctx.cluster });
  if (typeof values.component === 'string') named.component = componentName(tr, values.component);
  const context = replyContext(impact, ctx);
  const title = tr.t(`whatIf.title.${key}`, named);

  if (!impact.known || impact.verdict === null) {
    return {
      kind: 'error',
      locale: ctx.locale,
      title,
      verdict: null,
      summary: targetSummary(tr, impact, ctx.cluster),
      planes: [],
      sections: [],
      advice: [],
      actions: [],
      context,
      findings: impact.findings,
    };
  }

  const f = impact.findings;
  const explain = (x: Finding): string | null =>
    explainOne(tr, x, key === 'node-down', impact.state.nodeMonitorGrace.seconds);
  const planes: PlaneSection[] = PLANES.map((plane: Plane) => {
    const affected = impact.planesAffected.includes(plane);
    // A planned change whose data plane keeps serving with one node less says so (issue 30 item 4).
    const serving = affected && !outage && plane === 'data' ? dataServesReduced(f) : null;
    return {
      plane,
      affected,
      heading: `${tr.t(`plane.${plane}`)}: ${
        serving !== null
          ? tr.t('plane.keeps-serving', serving)
          : tr.t(affected ? 'plane.affected' : 'plane.unaffected')
      }`,
      reasons: unique(
        f
          .filter((x) => x.plane === plane && !(x.severity === 'ok' && QUIET_OK.has(x.check)))
          .map(explain)
          .filter((s): s is string => s !== null),
      ),
      stops: unique(impact.stops.filter((s) => s.plane === plane).map((s) => statementText(tr, s))),
      keepsWorking: unique(impact.keeps.filter((s) => s.plane === plane).map((s) => statementText(tr, s))),
    };
  });

  const sections: ReplySection[] = [];
  const add = (heading: string, list: readonly Statement[]): void => {
    const lines = unique(list.map((s) => statementText(tr, s)));
    if (lines.length > 0) sections.push({ heading: tr.t(`whatIf.section.${heading}`), lines });
  };
  add('steps', impact.steps);
  add('interrupt', impact.interruptions);
  add('duration', impact.durations);

  const affected = impact.planesAffected;
  const planesText = tr.t(`whatIf.planes.${affected.length === 2 ? 'both' : (affected[0] ?? 'data')}`);
  const what = tr.t(`whatIf.what.${key}`, named);
  const blocks = f.filter((x) => x.severity === 'block').length;
  // The caution count is the reasons the answer says, the ⚠ lines of its first screen (issue 30 item 4).
  const reasons = saidReasons(
    f,
    [...planes.flatMap((p) => p.reasons), ...sections.flatMap((s) => s.lines)],
    explain,
  );
  const findingAdvice = adviseFindings(
    tr,
    f.filter((x) => SEVERITY_RANK[x.severity] >= SEVERITY_RANK.warn),
  );
  const advice = unique([
    ...findingAdvice.required,
    ...findingAdvice.optional,
    ...impact.advice.map((s) => statementText(tr, s)),
  ]);
  // A safe planned change with steps to do first says so, rather than "nothing needs attention"
  // above a "What to do first" list.
  const prepare = !outage && impact.verdict === 'safe' && advice.length > 0;
  // Both planes touched is every plane: no "only" (a reader's finding on issue 16).
  const both = !outage && impact.verdict === 'safe' && affected.length === 2 ? '-both' : '';
  const summary = tr.t(
    `whatIf.summary.${outage ? 'outage' : 'planned'}.${prepare ? 'safe-prepare' : impact.verdict}${both}`,
    {
      what,
      planes: planesText,
      count: prepare ? advice.length : impact.verdict === 'unsafe' ? blocks : reasons.length,
    },
  );

  if (ctx.when) advice.push(tr.t('advice.when', { when: ctx.when }));
  const subject = impact.subject;
  return {
    kind: 'reboot-impact',
    locale: ctx.locale,
    title,
    verdict: impact.verdict,
    // No case change: the summary texts start with a word of their own (capitalised in English), and
    // a node or component name keeps the case it has in the cluster (`atlas-cp-2(이)가 …` in Korean).
    summary,
    planes,
    sections,
    advice,
    actions: [
      {
        id: 'refresh',
        label: tr.t('actions.refresh'),
        value: JSON.stringify({
          cluster: ctx.cluster,
          kind: subject.kind === 'what-if' ? 'what-if' : `${subject.kind}-impact`,
          ...values,
        }),
      },
    ],
    context,
    findings: f,
    attention: reasons,
  };
}
