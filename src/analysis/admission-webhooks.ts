/**
 * admission-webhook (issue 29): what stops for the whole cluster when a node that runs every
 * backend of an admission webhook goes down. The API server calls each matching webhook of every
 * ValidatingWebhookConfiguration and MutatingWebhookConfiguration on each request it intercepts;
 * when the call fails (no endpoint behind its Service), `failurePolicy: Fail` (the v1 default)
 * refuses the request and `Ignore` admits it unchecked.
 * @see https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/
 *
 * A webhook intercepts a request when one of its `rules` covers the operation, group, resource and
 * scope, its `namespaceSelector` matches the labels of the object's namespace and its
 * `objectSelector` the object's labels (an absent selector matches everything). `matchConditions`
 * (CEL) are not evaluated here: such a webhook "may" intercept, unknown. A `clientConfig.url`
 * webhook runs outside the cluster's Services: where, is not known.
 *
 * The requests that matter to a drain are the CREATE of the replacement pods of the pods it
 * evicts (their controllers create them; same namespace and labels). Public reports of a policy
 * engine's Fail webhook left without a backend: every pod creation it covers fails, its own
 * replacement included when it covers its own namespace (open-policy-agent/gatekeeper#291,
 * kyverno/kyverno#2869, kyverno/kyverno#4686). Pure.
 */
import type { KLabelSelector, KNamespace, KPod, KWebhook, KWebhookConfiguration } from '../cluster/types.js';
import {
  type ClusterIndex,
  controllerOf,
  isFinished,
  isMirrorPod,
  podKey,
  selectorMatches,
} from './cluster-index.js';
import { ZERO_VARIANTS } from './budget-checks.js';
import type { DrainWebhook } from './drain-sequence.js';
import { finding } from './finding.js';
import { type ServiceBackends, serviceBackends } from './service-backends.js';
import type { FactValue, Finding, FindingSubject } from './types.js';

/** Label the API server sets on every namespace, its own name (Kubernetes 1.21+). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** Most pod names a finding lists. */
const MAX_LISTED = 10;

type Covered = 'yes' | 'no' | 'unknown';

const has = (list: readonly string[] | undefined, v: string): boolean =>
  (list ?? []).includes(v) || (list ?? []).includes('*');

/**
 * Whether one of the webhook's rules covers `operation` on `resource` (a plural, or
 * `plural/subresource`) of the core group, namespaced. `*` matches every resource but no
 * subresource, `*\/*` every resource and subresource, `pods/*` every subresource of pods.
 * @param w - the webhook
 * @param operation - CREATE, UPDATE, DELETE or CONNECT
 * @param resource - e.g. `pods`, `pods/eviction`
 */
export function rulesCover(w: KWebhook, operation: string, resource: string): boolean {
  const [plural, sub] = resource.split('/');
  return (w.rules ?? []).some(
    (r) =>
      has(r.operations, operation) &&
      has(r.apiGroups, '') &&
      (r.apiVersions === undefined || has(r.apiVersions, 'v1')) &&
      (r.scope === undefined || r.scope === '*' || r.scope === 'Namespaced') &&
      (r.resources ?? []).some((x) =>
        sub === undefined
          ? x === plural || x === '*' || x === '*/*'
          : x === resource || x === '*/*' || x === `${plural}/*` || x === `*/${sub}`,
      ),
  );
}

function emptySelector(s: KLabelSelector | undefined): boolean {
  return (
    s === undefined ||
    (Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0)
  );
}

/**
 * Whether the webhook's namespaceSelector matches namespace `ns`: `unknown` when it has one and
 * the Namespaces were not read.
 */
function namespaceCovered(index: ClusterIndex, w: KWebhook, ns: string): Covered {
  if (emptySelector(w.namespaceSelector)) return 'yes';
  const namespaces = index.snapshot.namespaces;
  if (namespaces === undefined || index.snapshot.readErrors.some((e) => e.resource === 'namespaces'))
    return 'unknown';
  const found: KNamespace | undefined = namespaces.find((n) => n.metadata.name === ns);
  const labels = found?.metadata.labels ?? { [NAMESPACE_NAME_LABEL]: ns };
  return selectorMatches(w.namespaceSelector, labels) ? 'yes' : 'no';
}

/** Whether the webhook intercepts the CREATE of a replacement for `pod` (same namespace and labels). */
function interceptsReplacement(index: ClusterIndex, w: KWebhook, pod: KPod): Covered {
  if (!rulesCover(w, 'CREATE', 'pods')) return 'no';
  const ns = namespaceCovered(index, w, pod.metadata.namespace ?? 'default');
  if (ns === 'no') return 'no';
  if (!emptySelector(w.objectSelector) && !selectorMatches(w.objectSelector, pod.metadata.labels ?? {}))
    return 'no';
  return ns === 'yes' && (w.matchConditions ?? []).length === 0 ? 'yes' : 'unknown';
}

/**
 * The pods a drain of `node` has recreated elsewhere: running pods with a controller, neither
 * DaemonSet nor static (mirror) pods (kubectl drain leaves those).
 */
function recreatedPods(index: ClusterIndex, node: string): KPod[] {
  return (index.podsByNode.get(node) ?? []).filter((p) => {
    const ctrl = controllerOf(p);
    return ctrl !== null && ctrl.kind !== 'DaemonSet' && !isMirrorPod(p) && !isFinished(p);
  });
}

/** One webhook with its configuration and where its backends run. */
interface WebhookView {
  configuration: KWebhookConfiguration;
  webhook: KWebhook;
  service: string | null;
  backends: ServiceBackends | null;
  fail: boolean;
}

function webhooksOf(index: ClusterIndex): WebhookView[] {
  return (index.snapshot.webhookConfigurations ?? []).flatMap((configuration) =>
    (configuration.webhooks ?? []).map((webhook) => {
      const svc = webhook.clientConfig?.service;
      return {
        configuration,
        webhook,
        service: svc ? `${svc.namespace}/${svc.name}` : null,
        backends: svc ? serviceBackends(index, svc.namespace, svc.name) : null,
        // failurePolicy defaults to Fail in admissionregistration.k8s.io/v1
        fail: webhook.failurePolicy !== 'Ignore',
      };
    }),
  );
}

/** Whether the webhook configurations were read (listed, not refused). */
function webhooksRead(index: ClusterIndex): boolean {
  const s = index.snapshot;
  return (
    s.webhookConfigurations !== undefined &&
    !(s.unobserved ?? []).includes('webhookconfigurations') &&
    !s.readErrors.some(
      (e) =>
        e.resource === 'validatingwebhookconfigurations' || e.resource === 'mutatingwebhookconfigurations',
    )
  );
}

/** The object a webhook's finding is about: its configuration, and the webhook within it. */
const subjectOf = (v: WebhookView): FindingSubject => ({
  kind: v.configuration.kind,
  name: `${v.configuration.metadata.name}/${v.webhook.name}`,
});

/** What a webhook's rules intercept, as `OPERATIONS resources` lines. */
function interceptText(w: KWebhook): string[] {
  return (w.rules ?? []).map((r) => `${(r.operations ?? []).join(',')} ${(r.resources ?? []).join(',')}`);
}

function baseFacts(
  v: WebhookView,
  node: string | null,
): Record<string, string | number | boolean | null | string[]> {
  return {
    webhook: v.webhook.name,
    configuration: v.configuration.metadata.name,
    kind: v.configuration.kind,
    service: v.service,
    node,
    backends: v.backends?.ready ?? 0,
    intercepts: interceptText(v.webhook),
  };
}

/**
 * The admission-webhook findings of a reboot (and drain) of `node`, for each webhook whose every
 * ready backend runs on the node (or that has none already):
 * - `refuses-drain` (block): Fail, and it intercepts the CREATE of replacement pods the drain
 *   needs: they are refused until a backend is back; `refuses-drain-own` when its own backend's
 *   replacement is among them (nothing brings it back by itself); `refuses-drain-down` when it
 *   has no backend already;
 * - `may-refuse` (warn): the same, but whether it intercepts them is unknown (matchConditions, or
 *   Namespaces not read);
 * - `cluster-wide` (warn): Fail, no replacement of this drain in its scope, but what it intercepts
 *   elsewhere is refused while the node is down;
 * - `ignore` (info): Ignore: requests are admitted unchecked meanwhile;
 * - `url` (info): Fail, backend outside the cluster's Services (`clientConfig.url`): unknown;
 * - `backends-unseen` (info): Fail, where its Service's backends run was not seen (EndpointSlices
 *   not read, or ready endpoints naming no known node): unknown; `backends-unlisted-node` when they
 *   run on a node the node list lacks (`backendNodes`).
 * @param index - the cluster index (the node's pods kept whole)
 * @param node - the node rebooted
 */
export function admissionWebhookChecks(index: ClusterIndex, node: string): Finding[] {
  if (!webhooksRead(index)) return [];
  const pods = recreatedPods(index, node);
  const out: Finding[] = [];
  for (const v of webhooksOf(index)) {
    const w = v.webhook;
    const replacements = pods.map((p) => ({ p, c: interceptsReplacement(index, w, p) }));
    const refused = replacements.filter((x) => x.c === 'yes').map((x) => x.p);
    const maybe = replacements.filter((x) => x.c === 'unknown').map((x) => x.p);
    if (v.backends === null) {
      if (v.fail && refused.length + maybe.length > 0)
        out.push(
          finding(
            'admission-webhook',
            'data',
            'info',
            'url',
            {
              ...baseFacts(v, node),
              pods: [...refused, ...maybe].slice(0, MAX_LISTED).map(podKey),
            },
            subjectOf(v),
          ),
        );
      continue;
    }
    const b = v.backends;
    // Where its backends run is not known (EndpointSlices not read, endpoints naming no node, or
    // a node the node list lacks): said so, for a Fail webhook, never left silent (issue 29).
    const listed = new Set(index.snapshot.nodes.map((n) => n.metadata.name));
    const unlisted = b.state === 'one-node' ? b.nodes.filter((n) => !listed.has(n)) : [];
    if (b.state === 'unknown' || unlisted.length > 0) {
      if (v.fail && (w.rules ?? []).length > 0)
        out.push(
          finding(
            'admission-webhook',
            'data',
            'info',
            unlisted.length > 0 ? 'backends-unlisted-node' : 'backends-unseen',
            { ...baseFacts(v, node), backendNodes: unlisted },
            subjectOf(v),
          ),
        );
      continue;
    }
    const down = b.state === 'none';
    if (!down && !(b.state === 'one-node' && b.nodes[0] === node)) continue;
    const facts = {
      ...baseFacts(v, node),
      namespaces: [...new Set(refused.map((p) => p.metadata.namespace ?? 'default'))].sort(),
      pods: refused.slice(0, MAX_LISTED).map(podKey),
      count: refused.length,
      // its own backend pods on the node, whose replacements it refuses too
      ownRefused: refused.some((p) => b.pods.includes(podKey(p))),
    };
    if (!v.fail) {
      if (!down && (w.rules ?? []).length > 0)
        out.push(finding('admission-webhook', 'data', 'info', 'ignore', facts, subjectOf(v)));
      continue;
    }
    if (refused.length > 0)
      out.push(
        finding(
          'admission-webhook',
          'data',
          'block',
          down ? 'refuses-drain-down' : facts.ownRefused ? 'refuses-drain-own' : 'refuses-drain',
          facts,
          subjectOf(v),
        ),
      );
    else if (maybe.length > 0)
      out.push(
        finding(
          'admission-webhook',
          'data',
          'warn',
          'may-refuse',
          {
            ...facts,
            pods: maybe.slice(0, MAX_LISTED).map(podKey),
            count: maybe.length,
          },
          subjectOf(v),
        ),
      );
    else if ((w.rules ?? []).length > 0)
      out.push(
        finding(
          'admission-webhook',
          'data',
          'warn',
          down ? 'cluster-wide-down' : 'cluster-wide',
          facts,
          subjectOf(v),
        ),
      );
  }
  return out;
}

/**
 * Status (issue 29, item 8): the single points of failure among admission webhooks, named before
 * anyone asks: a Fail webhook with no ready backend now (`status-down`, block: what it intercepts
 * is refused now), or whose every backend runs on one node (`status-one-node`, warn).
 * @param index - the cluster index
 */
export function admissionWebhookStatus(index: ClusterIndex): Finding[] {
  if (!webhooksRead(index)) return [];
  const out: Finding[] = [];
  for (const v of webhooksOf(index)) {
    if (!v.fail || v.backends === null || (v.webhook.rules ?? []).length === 0) continue;
    if (v.backends.state === 'none')
      out.push(
        finding('admission-webhook', 'data', 'block', 'status-down', baseFacts(v, null), subjectOf(v)),
      );
    else if (v.backends.state === 'one-node')
      out.push(
        finding(
          'admission-webhook',
          'data',
          'warn',
          'status-one-node',
          baseFacts(v, v.backends.nodes[0] ?? null),
          subjectOf(v),
        ),
      );
  }
  return out;
}

/** single-replica variants that say the workload is rescheduled and started elsewhere. */
const RESCHEDULED_VARIANTS: ReadonlySet<string> = new Set(['single', 'all-here', 'all-here-two']);

const names = (v: FactValue | undefined): string[] => (Array.isArray(v) ? (v as string[]) : []);

/**
 * One model of the drain's replacements (issue 29): where a Fail webhook refuses them
 * (`refuses-drain*`), a single-replica finding of a workload in a refused namespace does not say
 * it is "rescheduled and started elsewhere": it becomes `refused-by-webhook` (or
 * `spread-refused-by-webhook` when other replicas keep serving), naming the webhook. The drain's
 * counts and fates take the refusals from the drain sequence itself ({@link drainWebhooks}).
 * @param findings - a reboot's findings
 * @returns the same findings, those single-replica and capacity ones re-done
 */
export function withRefusedReplacements(findings: Finding[]): Finding[] {
  const modelled = withDrainStops(findings);
  const refusing = modelled.filter(
    (f) => f.check === 'admission-webhook' && f.variant.startsWith('refuses-drain'),
  );
  if (refusing.length === 0) return modelled;
  const byNamespace = new Map<string, string>();
  for (const f of refusing)
    for (const ns of names(f.facts.namespaces))
      if (!byNamespace.has(ns)) byNamespace.set(ns, String(f.facts.webhook));
  return modelled.map((f) => {
    const webhook = byNamespace.get(String(f.facts.namespace));
    if (f.check !== 'single-replica' || webhook === undefined) return f;
    if (RESCHEDULED_VARIANTS.has(f.variant))
      return { ...f, variant: 'refused-by-webhook', facts: { ...f.facts, webhook } };
    return f.variant === 'spread'
      ? { ...f, variant: 'spread-refused-by-webhook', facts: { ...f.facts, webhook } }
      : f;
  });
}

/**
 * The drain sequence's stop in the other findings (issue 29 item 1, scenario 64): a pod the drain
 * never evicts (the grace-period finding's `stoppedPods`, `refusedPods`, `refusedLaterPods`) has
 * no replacement, so a `refuses-drain*` webhook finding names only the evicted pods' (none left: it
 * is `cluster-wide`); and a budget that allows no disruption, whose pods here a webhook's error
 * stopped at their retry (drain.go `evictPods`: 429 first, then 500), says the drain stops
 * (`pdb-blocks` `stops-webhook`), not that it waits forever.
 * @param findings - one node's findings
 * @returns the same findings, those re-done
 */
function withDrainStops(findings: Finding[]): Finding[] {
  const grace = findings.find((f) => f.check === 'grace-period')?.facts;
  const stopped = new Set(names(grace?.stoppedPods));
  const kept = new Set([...stopped, ...names(grace?.refusedPods), ...names(grace?.refusedLaterPods)]);
  if (kept.size === 0) return findings;
  return findings.map((f) => {
    if (f.check === 'admission-webhook' && f.variant.startsWith('refuses-drain')) {
      const pods = names(f.facts.pods).filter((p) => !kept.has(p));
      if (pods.length === names(f.facts.pods).length) return f;
      const down = f.variant === 'refuses-drain-down';
      if (pods.length === 0)
        return { ...f, severity: 'warn', variant: down ? 'cluster-wide-down' : 'cluster-wide' };
      // The list may be cut (MAX_LISTED): the count drops by the pods taken out, and the
      // namespaces are re-read only from a whole list.
      const count = Number(f.facts.count) - (names(f.facts.pods).length - pods.length);
      const whole = count === pods.length;
      const namespaces = whole
        ? [...new Set(pods.map((p) => p.split('/')[0] ?? ''))].sort()
        : names(f.facts.namespaces);
      return { ...f, facts: { ...f.facts, pods, count, namespaces } };
    }
    const budget = `${String(f.facts.namespace)}/${String(f.facts.pdb)}`;
    const here = names(f.facts.pods).map((p) => `${String(f.facts.namespace)}/${p}`);
    if (
      f.check === 'pdb-blocks' &&
      ZERO_VARIANTS.has(f.variant) &&
      typeof grace?.stopsWebhook === 'string' &&
      names(grace.refusedBy).includes(budget) &&
      here.length > 0 &&
      here.every((p) => stopped.has(p))
    )
      return { ...f, variant: 'stops-webhook', facts: { ...f.facts, webhook: grace.stopsWebhook } };
    return f;
  });
}

/**
 * The admission webhook that refuses the drain's replacement pods (an `admission-webhook`
 * `refuses-drain*` finding of {@link admissionWebhookChecks}), the one refusing most; null when none.
 * @param f - a reboot's or a drain's findings
 * @returns its name, how many replacements it refuses, and in which namespaces (every refusing webhook's)
 */
export function webhookRefusal(
  f: readonly Finding[],
): { webhook: string; count: number; namespaces: string[] } | null {
  const refusing = f.filter((x) => x.check === 'admission-webhook' && x.variant.startsWith('refuses-drain'));
  if (refusing.length === 0) return null;
  const top = refusing.reduce((a, b) => (Number(b.facts.count) > Number(a.facts.count) ? b : a));
  return {
    webhook: String(top.facts.webhook),
    count: Number(top.facts.count ?? 0),
    namespaces: refusing.flatMap((x) =>
      Array.isArray(x.facts.namespaces) ? [...(x.facts.namespaces as string[])] : [],
    ),
  };
}

/**
 * The failing-closed webhooks a drain of `nodes` leaves without a backend, as the drain sequence
 * takes them ({@link DrainWebhook}): Fail, called through a Service whose every ready backend runs
 * on `nodes` (or none runs already), and what each intercepts among those nodes' pods: the CREATE
 * of their replacements ({@link admissionWebhookChecks}' `refuses-drain*`) and the CREATE of their
 * `pods/eviction` (namespaceSelector matching the pod's namespace, objectSelector matching an
 * Eviction, which carries no labels). Where it intercepts only maybe (matchConditions, Namespaces
 * not read) it is left out here: `may-refuse` says so. Webhooks not read: none.
 * @see https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#avoiding-deadlocks-in-self-hosted-webhooks
 * @param index - the cluster index
 * @param nodes - the nodes drained (or rebooted)
 */
export function drainWebhooks(index: ClusterIndex, nodes: readonly string[]): DrainWebhook[] {
  if (!webhooksRead(index)) return [];
  const drained = new Set(nodes);
  const pods = nodes.flatMap((n) => index.podsByNode.get(n) ?? []);
  const recreated = new Set(nodes.flatMap((n) => recreatedPods(index, n)));
  const out: DrainWebhook[] = [];
  for (const v of webhooksOf(index)) {
    const b = v.backends;
    if (!v.fail || b === null || b.state === 'unknown') continue;
    if (b.state !== 'none' && (b.pods.length === 0 || !b.nodes.every((n) => drained.has(n)))) continue;
    const w = v.webhook;
    const evictions =
      rulesCover(w, 'CREATE', 'pods/eviction') &&
      (emptySelector(w.objectSelector) || selectorMatches(w.objectSelector, {})) &&
      (w.matchConditions ?? []).length === 0;
    out.push({
      name: w.name,
      backends: new Set(b.pods),
      replacements: new Set(
        [...recreated].filter((p) => interceptsReplacement(index, w, p) === 'yes').map(podKey),
      ),
      evictions: new Set(
        evictions
          ? pods
              .filter((p) => namespaceCovered(index, w, p.metadata.namespace ?? 'default') === 'yes')
              .map(podKey)
          : [],
      ),
    });
  }
  return out.filter((w) => w.replacements.size + w.evictions.size > 0);
}
