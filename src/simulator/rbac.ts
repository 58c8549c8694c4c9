/**
 * RBAC for the simulator: the rules one ServiceAccount gets from a set of rendered manifests
 * (`kubectl kustomize deploy/overlays/…` output), and the authorizer kube-apiserver's RBAC plugin
 * applies to them, so that tests prove the bot's roles are enough (and no more than enough).
 *
 * Modelled on Kubernetes:
 * - request attributes (verb, API group, resource, subresource, namespace, name, non-resource
 *   path) as `RequestInfoFactory` derives them (staging/src/k8s.io/apiserver/pkg/endpoints/request/
 *   requestinfo.go): `GET` of a collection is `list`, `?watch=true` is `watch`, `DELETE` of a
 *   collection is `deletecollection`, `POST` is `create`, `PUT` `update`, `PATCH` `patch`;
 *   non-resource requests use the lower-case method;
 * - rule matching as `rbac/v1` `RuleAllows` (pkg/apis/rbac/v1/evaluation_helpers.go): `*` in verbs,
 *   apiGroups and resources, `resource/subresource` and `* /subresource`, `resourceNames` (never
 *   matching a request without a name), `nonResourceURLs` with a trailing `*` prefix match;
 * - bindings: a ClusterRoleBinding grants its ClusterRole everywhere; a RoleBinding grants its Role
 *   or ClusterRole in the binding's namespace only (and never non-resource URLs);
 * - the denial: a 403 `Status` with the apiserver's message, e.g. `nodes "n1" is forbidden: User
 *   "system:serviceaccount:k8s-ha-bot:k8s-ha-bot" cannot patch resource "nodes" in API group ""
 *   at the cluster scope` (responsewriters.ForbiddenStatusError, apierrors.NewForbidden).
 *
 * Discovery (`/api`, `/apis`, their sub-paths, `/version`, `/openapi`) is always allowed, as the
 * bootstrap ClusterRole `system:discovery` allows it to every authenticated user. `/readyz`,
 * `/livez` and `/healthz` are not: kube-apiserver grants them to everyone through
 * `system:public-info-viewer`, but clusters may remove that binding, and the bot's own role must
 * then carry them; the simulator checks the strict case.
 * @see https://kubernetes.io/docs/reference/access-authn-authz/rbac/
 * @see https://kubernetes.io/docs/reference/access-authn-authz/authorization/#determine-the-request-verb
 */
import { parseAllDocuments } from 'yaml';
import { BotError } from '../errors.js';

/** One `rbac.authorization.k8s.io/v1` PolicyRule. */
export interface PolicyRule {
  verbs: string[];
  /** API groups ('' is core); absent for non-resource rules. */
  apiGroups?: string[];
  /** Resource plurals, `plural/subresource`, `*`, `* /subresource`. */
  resources?: string[];
  /** When set, only these object names. */
  resourceNames?: string[];
  /** Non-resource paths (`/readyz`, `/metrics`, `/healthz/*`); ClusterRoles only. */
  nonResourceURLs?: string[];
}

/** The rules one subject holds. */
export interface RbacRules {
  /** User name in denials, e.g. `system:serviceaccount:k8s-ha-bot:k8s-ha-bot`. */
  user: string;
  /** Rules that apply in every namespace and at the cluster scope (from ClusterRoleBindings). */
  clusterRules: PolicyRule[];
  /** Rules that apply in one namespace only (from RoleBindings), by namespace. */
  namespaceRules: Record<string, PolicyRule[]>;
}

/** The attributes of one request, as kube-apiserver's authorizers see them. */
export type RequestAttributes =
  | {
      resourceRequest: true;
      /** `get`, `list`, `watch`, `create`, `update`, `patch`, `delete`, `deletecollection`. */
      verb: string;
      /** '' for the core group. */
      apiGroup: string;
      resource: string;
      /** e.g. `eviction`, `status`; '' when none. */
      subresource: string;
      /** '' for cluster-scoped requests. */
      namespace: string;
      /** '' for collections. */
      name: string;
    }
  | {
      resourceRequest: false;
      /** The lower-case HTTP method (`get`, `post`, …). */
      verb: string;
      /** The URL path, without query. */
      path: string;
    };

/** The ServiceAccount the deploy/ manifests bind the bot's roles to. */
export const BOT_SERVICE_ACCOUNT = { namespace: 'k8s-ha-bot', name: 'k8s-ha-bot' } as const;

/**
 * Non-resource paths every authenticated user may GET (the bootstrap `system:discovery` rule).
 * @see https://kubernetes.io/docs/reference/access-authn-authz/rbac/#discovery-roles
 */
export const DISCOVERY_RULE: PolicyRule = {
  verbs: ['get'],
  nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/version', '/version/', '/openapi', '/openapi/*'],
};

const VERB_OF_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
  GET: 'get',
  HEAD: 'get',
};

/**
 * The authorizer's view of a request (RequestInfoFactory rules; the legacy `/api/v1/watch/…`
 * prefix is not handled: nothing here uses it).
 * @param method - HTTP method
 * @param path - URL path without query
 * @param query - the query parameters (`watch`)
 * @returns resource or non-resource attributes; `/api`, `/api/v1`, `/apis/<group>[/<version>]`
 *   are non-resource (discovery) requests
 */
export function requestAttributes(
  method: string,
  path: string,
  query: URLSearchParams = new URLSearchParams(),
): RequestAttributes {
  const m = method.toUpperCase();
  const seg = path.split('/').filter((s) => s !== '');
  let group: string;
  let rest: string[];
  if (seg[0] === 'api' && seg.length >= 3) {
    group = '';
    rest = seg.slice(2);
  } else if (seg[0] === 'apis' && seg.length >= 4) {
    group = seg[1] as string;
    rest = seg.slice(3);
  } else return { resourceRequest: false, verb: m.toLowerCase(), path };
  let namespace = '';
  if (rest[0] === 'namespaces') {
    if (rest.length >= 3) {
      namespace = rest[1] as string;
      rest = rest.slice(2);
    } else if (rest.length === 2) namespace = rest[1] as string; // the Namespace object itself
  }
  const resource = rest[0] ?? '';
  const name = rest[1] ?? '';
  const subresource = rest.length >= 3 ? (rest[2] as string) : '';
  let verb = VERB_OF_METHOD[m] ?? m.toLowerCase();
  if (name === '') {
    if (verb === 'get') verb = query.get('watch') === 'true' || query.get('watch') === '1' ? 'watch' : 'list';
    else if (verb === 'delete') verb = 'deletecollection';
  } else if (verb === 'get' && (query.get('watch') === 'true' || query.get('watch') === '1')) verb = 'watch';
  return { resourceRequest: true, verb, apiGroup: group, resource, subresource, namespace, name };
}

const has = (list: readonly string[] | undefined, value: string): boolean =>
  list !== undefined && (list.includes('*') || list.includes(value));

/**
 * Whether one rule allows a request (`rbac/v1` RuleAllows / NonResourceURLMatches).
 * @param rule - the rule
 * @param a - the request's attributes
 * @returns true when the rule covers the request
 */
export function ruleAllows(rule: PolicyRule, a: RequestAttributes): boolean {
  if (!has(rule.verbs, a.verb)) return false;
  if (!a.resourceRequest) {
    return (rule.nonResourceURLs ?? []).some(
      (u) => u === '*' || u === a.path || (u.endsWith('*') && a.path.startsWith(u.slice(0, -1))),
    );
  }
  if (!has(rule.apiGroups, a.apiGroup)) return false;
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const resourceOk = (rule.resources ?? []).some(
    (r) => r === '*' || r === combined || (a.subresource !== '' && r === `*/${a.subresource}`),
  );
  if (!resourceOk) return false;
  if (rule.resourceNames && rule.resourceNames.length > 0)
    return a.name !== '' && rule.resourceNames.includes(a.name);
  return true;
}

/**
 * Whether the subject holding `rules` may make the request. Discovery paths are always allowed
 * ({@link DISCOVERY_RULE}).
 * @param rules - the subject's rules
 * @param a - the request's attributes
 * @returns true when some applicable rule allows it
 */
export function authorize(rules: RbacRules, a: RequestAttributes): boolean {
  if (ruleAllows(DISCOVERY_RULE, a)) return true;
  if (rules.clusterRules.some((r) => ruleAllows(r, a))) return true;
  if (!a.resourceRequest || a.namespace === '') return false;
  // a Namespace object is authorized in its own namespace too, as kube-apiserver does
  return (rules.namespaceRules[a.namespace] ?? []).some((r) => ruleAllows(r, a));
}

/**
 * The 403 `Status` kube-apiserver answers for a denied request.
 * @param user - the user name (e.g. `system:serviceaccount:k8s-ha-bot:k8s-ha-bot`)
 * @param a - the denied request
 * @returns a `meta/v1` Status object with code 403 and reason `Forbidden`
 */
export function forbiddenStatus(
  user: string,
  a: RequestAttributes,
): {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: object;
  status: 'Failure';
  message: string;
  reason: 'Forbidden';
  details: object;
  code: 403;
} {
  let message: string;
  let details: object;
  if (!a.resourceRequest) {
    message = `forbidden: User "${user}" cannot ${a.verb} path "${a.path}"`;
    details = {};
  } else {
    const qualified = a.apiGroup ? `${a.resource}.${a.apiGroup}` : a.resource;
    const what = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    const scope = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
    const reason = `User "${user}" cannot ${a.verb} resource "${what}" in API group "${a.apiGroup}" ${scope}`;
    message = a.name
      ? `${qualified} "${a.name}" is forbidden: ${reason}`
      : `${qualified} is forbidden: ${reason}`;
    details = { ...(a.name ? { name: a.name } : {}), group: a.apiGroup, kind: a.resource };
  }
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'Forbidden',
    details,
    code: 403,
  };
}

interface Manifest {
  kind?: unknown;
  metadata?: { name?: unknown; namespace?: unknown };
  rules?: unknown;
  roleRef?: { kind?: unknown; name?: unknown };
  subjects?: unknown;
  items?: unknown;
}

const strings = (v: unknown, where: string): string[] | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new BotError('bad-request', `${where}: expected a list of strings`);
  return v as string[];
};

function rulesOf(doc: Manifest, where: string): PolicyRule[] {
  if (doc.rules === undefined || doc.rules === null) return [];
  if (!Array.isArray(doc.rules)) throw new BotError('bad-request', `${where}.rules: expected a list`);
  return doc.rules.map((r: unknown, i) => {
    const at = `${where}.rules[${i}]`;
    if (typeof r !== 'object' || r === null) throw new BotError('bad-request', `${at}: expected a mapping`);
    const o = r as Record<string, unknown>;
    const verbs = strings(o.verbs, `${at}.verbs`);
    if (!verbs || verbs.length === 0) throw new BotError('bad-request', `${at}.verbs: required`);
    const rule: PolicyRule = { verbs };
    const apiGroups = strings(o.apiGroups, `${at}.apiGroups`);
    const resources = strings(o.resources, `${at}.resources`);
    const resourceNames = strings(o.resourceNames, `${at}.resourceNames`);
    const nonResourceURLs = strings(o.nonResourceURLs, `${at}.nonResourceURLs`);
    if (apiGroups) rule.apiGroups = apiGroups;
    if (resources) rule.resources = resources;
    if (resourceNames) rule.resourceNames = resourceNames;
    if (nonResourceURLs) rule.nonResourceURLs = nonResourceURLs;
    return rule;
  });
}

/**
 * Every manifest of a multi-document YAML text (`kubectl kustomize` output), `kind: List` items
 * flattened; empty documents and non-mappings are skipped.
 * @param yamlText - the YAML text
 * @returns the manifests as plain objects, in document order
 * @throws BotError `bad-request` when the text is not valid YAML
 */
export function parseManifests(yamlText: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const add = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
    const m = v as Manifest;
    if (m.kind === 'List' && Array.isArray(m.items)) for (const item of m.items) add(item);
    else out.push(v as Record<string, unknown>);
  };
  for (const doc of parseAllDocuments(yamlText)) {
    if (doc.errors.length > 0)
      throw new BotError('bad-request', `the manifests are not valid YAML: ${doc.errors[0]?.message ?? ''}`);
    add(doc.toJS() as unknown);
  }
  return out;
}

/**
 * The ClusterRoles and Roles in manifests.
 * @param manifests - from {@link parseManifests}
 * @returns their rules by `ClusterRole/<name>` and `Role/<namespace>/<name>` (a Role without a
 *   namespace is in `default`)
 * @throws BotError `bad-request` when a rule is malformed (the message names the role and rule index)
 */
export function rolesIn(manifests: readonly Record<string, unknown>[]): Map<string, PolicyRule[]> {
  const roles = new Map<string, PolicyRule[]>();
  for (const raw of manifests) {
    const doc = raw as Manifest;
    const name = typeof doc.metadata?.name === 'string' ? doc.metadata.name : '';
    const ns = typeof doc.metadata?.namespace === 'string' ? doc.metadata.namespace : 'default';
    if (doc.kind === 'ClusterRole') roles.set(`ClusterRole/${name}`, rulesOf(doc, `ClusterRole ${name}`));
    else if (doc.kind === 'Role') roles.set(`Role/${ns}/${name}`, rulesOf(doc, `Role ${ns}/${name}`));
  }
  return roles;
}

/**
 * The rules a ServiceAccount gets from rendered manifests: every ClusterRoleBinding and
 * RoleBinding that names it as a subject, resolved against the ClusterRoles and Roles in the same
 * manifests. A binding to a role that is not in the manifests grants nothing (as RBAC does until
 * the role exists). Aggregated ClusterRoles (`aggregationRule`) are not expanded.
 * @param yamlText - multi-document YAML (e.g. `kubectl kustomize` output)
 * @param serviceAccount - the subject; default {@link BOT_SERVICE_ACCOUNT}
 * @returns the subject's rules; `user` is `system:serviceaccount:<namespace>:<name>`
 * @throws BotError `bad-request` when the YAML or a rule is malformed
 */
export function rbacRulesFromManifests(
  yamlText: string,
  serviceAccount: { namespace: string; name: string } = BOT_SERVICE_ACCOUNT,
): RbacRules {
  const manifests = parseManifests(yamlText);
  const roles = rolesIn(manifests);
  const rules: RbacRules = {
    user: `system:serviceaccount:${serviceAccount.namespace}:${serviceAccount.name}`,
    clusterRules: [],
    namespaceRules: {},
  };
  for (const raw of manifests) {
    const doc = raw as Manifest;
    if (doc.kind !== 'ClusterRoleBinding' && doc.kind !== 'RoleBinding') continue;
    const bindingNs = typeof doc.metadata?.namespace === 'string' ? doc.metadata.namespace : 'default';
    const subjects = Array.isArray(doc.subjects) ? (doc.subjects as Record<string, unknown>[]) : [];
    const bound = subjects.some(
      (s) =>
        (s.kind === 'ServiceAccount' &&
          s.name === serviceAccount.name &&
          (s.namespace ?? bindingNs) === serviceAccount.namespace) ||
        (s.kind === 'User' && s.name === rules.user) ||
        (s.kind === 'Group' &&
          (s.name === `system:serviceaccounts:${serviceAccount.namespace}` ||
            s.name === 'system:serviceaccounts')),
    );
    if (!bound) continue;
    const refKind = doc.roleRef?.kind;
    const refName = typeof doc.roleRef?.name === 'string' ? doc.roleRef.name : '';
    if (doc.kind === 'ClusterRoleBinding') {
      if (refKind === 'ClusterRole') rules.clusterRules.push(...(roles.get(`ClusterRole/${refName}`) ?? []));
      continue;
    }
    const granted =
      refKind === 'ClusterRole'
        ? (roles.get(`ClusterRole/${refName}`) ?? [])
        : refKind === 'Role'
          ? (roles.get(`Role/${bindingNs}/${refName}`) ?? [])
          : [];
    // non-resource rules mean nothing in a namespace
    const resourceRules = granted.filter((r) => r.nonResourceURLs === undefined || r.resources !== undefined);
    (rules.namespaceRules[bindingNs] ??= []).push(...resourceRules);
  }
  return rules;
}
