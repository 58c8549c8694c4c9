/**
 * Fleet maintenance commands, English and Korean:
 * - a plan: `maintain all workers [REASON]`, `maintain all nodes [REASON]`,
 *   `maintain the control plane [REASON]`, `maintain -l pool=blue [REASON]`,
 *   `maintain atlas-cp-1 atlas-cp-2 atlas-cp-3 [REASON]` (two or more node names), each with
 *   `--cluster NAME` or `in NAME` before the reason; Korean `모든 워커 유지보수 요청 [사유]`,
 *   `전체 노드 유지보수 요청`, `컨트롤 플레인 유지보수 요청`, `-l pool=blue 유지보수 요청`,
 *   `atlas-cp-1 atlas-cp-2 유지보수 요청 [사유]`, with `prod 클러스터` in front;
 * - the controls of a plan: `approve|reject|pause|resume|cancel|retry|skip|stop mp-…`, Korean
 *   `mp-… 승인|거절|일시정지|재개|취소|재시도|건너뛰기|중단`.
 *
 * One node name alone stays a single-node request (`parse-maintenance-command.ts`): this parser
 * answers null then. Node names are resolved against the cluster by `resolvePlanTargets`
 * (src/maintenance/plan/resolve-plan-targets.ts)
 * (a name that is not a node of the cluster is named in the answer, and nothing is created).
 */
import { parseLabelSelector } from '../util/label-selector.js';
import { MAX_SELECTOR_LENGTH, isValidClusterName, isValidNodeName } from './names.js';
import type { Locale, MaintenancePlanCommand, PlanTargets } from './types.js';

export type { MaintenancePlanCommand, PlanTargets } from './types.js';

/** A control of a plan, typed. */
export interface MaintenancePlanControlCommand {
  kind: 'maintenance-plan-control';
  action: 'approve' | 'reject' | 'pause' | 'resume' | 'cancel' | 'retry' | 'skip' | 'stop';
  planId: string;
  lang: Locale;
}

/** Why a plan command was refused: a bad selector, a cluster name or a plan id that is not one. */
export type PlanParseError = {
  kind: 'error';
  error: 'invalid-selector' | 'invalid-cluster' | 'invalid-plan-id';
  detail: string;
  lang: Locale;
};

/** Plan ids as the parser accepts them (`mp-` + 10 of `[a-z2-7]`, as `PLAN_ID_PATTERN`). */
const PLAN_ID = /^mp-[a-z2-7]{10}$/;

const EN_CONTROLS: Readonly<Record<string, MaintenancePlanControlCommand['action']>> = {
  approve: 'approve',
  reject: 'reject',
  pause: 'pause',
  resume: 'resume',
  cancel: 'cancel',
  retry: 'retry',
  skip: 'skip',
  stop: 'stop',
};
const KO_CONTROLS: Readonly<Record<string, MaintenancePlanControlCommand['action']>> = {
  승인: 'approve',
  거절: 'reject',
  일시정지: 'pause',
  재개: 'resume',
  취소: 'cancel',
  재시도: 'retry',
  건너뛰기: 'skip',
  중단: 'stop',
};

/** A token that names a node: a valid node name with a digit or a dash (not an ordinary word). */
function nodeLike(token: string): boolean {
  return isValidNodeName(token) && /[0-9-]/.test(token);
}

/** Split `[in CLUSTER] REASON` / `--cluster NAME` off the rest of an English plan command. */
function clusterAndReason(rest: string): { cluster?: string; reason: string } | { error: string } {
  let text = rest.trim();
  let cluster: string | undefined;
  const opt = /(?:^|\s)--cluster(?:=|\s+)(\S+)/.exec(text);
  if (opt) {
    cluster = opt[1];
    text = (text.slice(0, opt.index) + text.slice(opt.index + opt[0].length)).trim();
  }
  const inMatch = /^(?:in|on)\s+(?:the\s+)?(?:cluster\s+)?([^\s,:;]+)(?:\s+cluster)?[,:;]?(?:\s+|$)/i.exec(
    text,
  );
  if (cluster === undefined && inMatch) {
    cluster = inMatch[1];
    text = text.slice(inMatch[0].length);
  }
  if (cluster !== undefined && !isValidClusterName(cluster)) return { error: cluster };
  return { cluster, reason: text.replace(/^[,:]\s*/, '').trim() };
}

/**
 * Parse a fleet maintenance command.
 * @param text - the request text, normalised (trimmed, the bot mention removed)
 * @returns the command, a {@link PlanParseError}, or null when the text is not a plan command
 *   (then the other grammars are tried)
 */
export function parseMaintenancePlanCommand(
  text: string,
): MaintenancePlanCommand | MaintenancePlanControlCommand | PlanParseError | null {
  const t = text.trim().replace(/\s+/g, ' ');
  // controls, English: "pause mp-…"
  let m = /^(approve|reject|pause|resume|cancel|retry|skip|stop)\s+(?:the\s+)?(?:plan\s+)?(mp-\S*)$/i.exec(t);
  if (m) {
    const id = (m[2] ?? '').toLowerCase();
    if (!PLAN_ID.test(id))
      return { kind: 'error', error: 'invalid-plan-id', detail: id.slice(0, 40), lang: 'en' };
    return {
      kind: 'maintenance-plan-control',
      action: EN_CONTROLS[(m[1] ?? '').toLowerCase()] ?? 'approve',
      planId: id,
      lang: 'en',
    };
  }
  // controls, Korean: "mp-… 일시정지"
  m =
    /^(mp-\S*?)\s*(?:을|를)?\s*(승인|거절|일시\s*정지|재개|취소|재시도|건너뛰기|중단)(?:해\s*줘|해\s*주세요|합니다)?$/.exec(
      t,
    );
  if (m) {
    const id = (m[1] ?? '').toLowerCase();
    if (!PLAN_ID.test(id))
      return { kind: 'error', error: 'invalid-plan-id', detail: id.slice(0, 40), lang: 'ko' };
    return {
      kind: 'maintenance-plan-control',
      action: KO_CONTROLS[(m[2] ?? '').replace(/\s+/g, '')] ?? 'approve',
      planId: id,
      lang: 'ko',
    };
  }
  // plans, English
  m = /^(?:please\s+)?maintain\s+(.+)$/i.exec(t);
  if (m) {
    const body = m[1] ?? '';
    let targets: PlanTargets | null = null;
    let rest = '';
    let g: RegExpExecArray | null;
    if ((g = /^all\s+(?:the\s+)?(?:worker|workers|worker\s+nodes)(?=\s|$)(.*)$/i.exec(body))) {
      targets = { kind: 'all-workers' };
      rest = g[1] ?? '';
    } else if (
      (g = /^all\s+(?:the\s+)?nodes(?=\s|$)(.*)$/i.exec(body)) ||
      (g = /^(?:the\s+)?(?:whole\s+)?(?:cluster|fleet)(?=\s|$)(.*)$/i.exec(body))
    ) {
      targets = { kind: 'all' };
      rest = g[1] ?? '';
    } else if ((g = /^(?:all\s+)?(?:the\s+)?control[-\s]plane(?:\s+nodes)?(?=\s|$)(.*)$/i.exec(body))) {
      targets = { kind: 'control-plane' };
      rest = g[1] ?? '';
    } else if ((g = /^(?:-l|--selector)(?:=|\s+)(\S+)(.*)$/i.exec(body))) {
      targets = { kind: 'selector', selector: g[1] ?? '' };
      rest = g[2] ?? '';
    } else {
      const tokens = body.split(' ');
      const nodes: string[] = [];
      while (tokens.length > 0 && nodeLike((tokens[0] ?? '').replace(/,$/, '')))
        nodes.push((tokens.shift() ?? '').replace(/,$/, ''));
      if (nodes.length < 2) return null; // one node: the single-node request
      targets = { kind: 'nodes', nodes: [...new Set(nodes)] };
      rest = tokens.join(' ');
    }
    return finish(targets, clusterAndReason(rest), 'en');
  }
  // plans, Korean: "[prod 클러스터] 모든 워커 유지보수 요청 [사유]"
  m =
    /^(?:([a-z0-9][a-z0-9-]*)\s*클러스터(?:의|에서)?\s+)?(.+?)\s*(?:을|를)?\s*(?:유지\s*보수|점검|재부팅)\s*(?:을|를)?\s*(?:요청|신청)(?:해\s*줘|해\s*주세요|합니다)?(?:\s+(.*))?$/.exec(
      t,
    );
  if (m) {
    const what = (m[2] ?? '').trim();
    let targets: PlanTargets | null = null;
    let g: RegExpExecArray | null;
    if (/^(?:모든|전체)\s*워커(?:\s*노드)?$/.test(what)) targets = { kind: 'all-workers' };
    else if (/^(?:모든|전체)\s*노드$/.test(what)) targets = { kind: 'all' };
    else if (/^(?:모든\s*|전체\s*)?컨트롤\s*플레인(?:\s*노드)?$/.test(what))
      targets = { kind: 'control-plane' };
    else if ((g = /^(?:-l|--selector)(?:=|\s+)(\S+)$/.exec(what)))
      targets = { kind: 'selector', selector: g[1] ?? '' };
    else {
      const nodes = what.split(/[\s,]+/).map((x) => x.replace(/(?:노드)?(?:와|과|,)?$/, ''));
      if (nodes.length < 2 || !nodes.every(nodeLike)) return null;
      targets = { kind: 'nodes', nodes: [...new Set(nodes)] };
    }
    const cluster = m[1];
    if (cluster !== undefined && !isValidClusterName(cluster))
      return { kind: 'error', error: 'invalid-cluster', detail: cluster.slice(0, 63), lang: 'ko' };
    return finish(targets, { cluster, reason: (m[3] ?? '').trim() }, 'ko');
  }
  return null;
}

function finish(
  targets: PlanTargets,
  cr: { cluster?: string; reason: string } | { error: string },
  lang: Locale,
): MaintenancePlanCommand | PlanParseError {
  if ('error' in cr) return { kind: 'error', error: 'invalid-cluster', detail: cr.error.slice(0, 63), lang };
  if (targets.kind === 'selector') {
    if (targets.selector.length > MAX_SELECTOR_LENGTH)
      return { kind: 'error', error: 'invalid-selector', detail: targets.selector.slice(0, 120), lang };
    try {
      parseLabelSelector(targets.selector);
    } catch {
      return { kind: 'error', error: 'invalid-selector', detail: targets.selector.slice(0, 120), lang };
    }
  }
  return {
    kind: 'maintenance-plan',
    targets,
    reason: cr.reason.slice(0, 500),
    cluster: cr.cluster,
    lang,
  };
}

/**
 * The plan and lock forms for the help answer, after the single-node maintenance forms;
 * each example parses with `parseCommand` to its kind in its language.
 */
export const PLAN_HELP_EXAMPLES: Readonly<Record<Locale, readonly { form: string; example: string }[]>> = {
  en: [
    {
      form: 'maintain all workers | all nodes | the control plane | -l KEY=VALUE | NODE NODE… [REASON]  (a plan: one approval for all, node by node)',
      example: 'maintain all workers kernel patch',
    },
    {
      form: 'pause | resume | cancel | retry | skip | stop PLAN_ID',
      example: 'pause mp-abcdefgh23',
    },
    { form: "who holds the lock  (the maintenance Lease and kured's lock)", example: 'who holds the lock' },
    {
      form: 'break lock [maintenance|kured]  (a stale lock; needs the approvals of a control-plane maintenance)',
      example: 'break lock kured',
    },
  ],
  ko: [
    {
      form: '모든 워커 | 전체 노드 | 컨트롤 플레인 | -l KEY=VALUE | NODE NODE… 유지보수 요청 [사유]  (계획: 한 번 승인, 노드별 순서대로)',
      example: '모든 워커 유지보수 요청 커널 패치',
    },
    { form: 'PLAN_ID 일시정지 | 재개 | 취소 | 재시도 | 건너뛰기 | 중단', example: 'mp-abcdefgh23 일시정지' },
    { form: '잠금 상태  (유지보수 Lease와 kured 잠금)', example: '잠금 상태' },
    {
      form: '[kured|유지보수] 잠금 해제  (오래된 잠금, 컨트롤 플레인 유지보수와 같은 승인 필요)',
      example: 'kured 잠금 해제',
    },
  ],
};
