/**
 * Node mentions by role (issue 30, item 1): `wk1`, `worker 2`, `master 2`, `cp2`, `마스터 2번`,
 * "the control plane node", resolved against the live node list by the role a node's name says and
 * its number, never by guessing: a mention that fits no node, or more than one, resolves to nothing
 * (a wrong node is worse than a clarification).
 *
 * The role a name says follows the naming of kubeadm, kind, k3d, kubespray and RKE2 guides
 * (`master-1`, `kind-control-plane`, `k3d-x-server-0`, `node1` as a worker, `cp-1`, `wk-2`): these
 * are conventions, not Kubernetes rules, so a name that says no role is never matched by role.
 */

/** Which role a mention or a node name says. */
export type NodeRole = 'control-plane' | 'worker';

/** Words of a role as typed in a mention (`worker 2`, `wk1`, `cp2`, `m2`), lowercase. */
const ROLE_WORDS: Readonly<Record<string, NodeRole>> = {
  worker: 'worker',
  wk: 'worker',
  wrk: 'worker',
  w: 'worker',
  agent: 'worker',
  워커: 'worker',
  master: 'control-plane',
  m: 'control-plane',
  cp: 'control-plane',
  controlplane: 'control-plane',
  server: 'control-plane',
  마스터: 'control-plane',
  컨트롤플레인: 'control-plane',
};

/** A role part inside a node name, between separators or at the ends (`atlas-wk-1`, `kind-worker2`). */
const NAME_ROLE: readonly { role: NodeRole; part: RegExp }[] = [
  {
    role: 'control-plane',
    part: /(?:^|[-._])(?:cp|master|control-?plane|controller|ctrl|server|m)\d*(?=[-._]|$)/u,
  },
  { role: 'worker', part: /(?:^|[-._])(?:wk|worker|wrk|agent|w|node)\d*(?=[-._]|$)/u },
];

/**
 * The role a node's name says, or null when it says none or both.
 * @param name - a node name, lowercase
 */
export function roleOfName(name: string): NodeRole | null {
  const roles = NAME_ROLE.filter((r) => r.part.test(name)).map((r) => r.role);
  return roles.length === 1 ? (roles[0] ?? null) : null;
}

/** The last digit run of a name as a number (`atlas-wk-01` → 1), or null. */
function numberOf(name: string): number | null {
  const runs = name.match(/\d+/gu);
  const last = runs?.[runs.length - 1];
  return last === undefined ? null : Number(last);
}

/** A mention token: a role word, an optional separator, a number (`wk1`, `worker-2`, `cp_3`). */
const MENTION = /^([a-z가-힣]+)[-_.]?(\d{1,3})$/u;

/**
 * Resolve a role mention (`wk1`, `worker-2`, `cp2`, `master-2`) to the one node whose name says that
 * role and ends in that number.
 * @param token - the token, lowercase
 * @param nodes - the cluster's node names
 * @returns the node, or undefined when the token is no role mention or fits no node or several
 */
export function resolveRoleMention(token: string, nodes: readonly string[]): string | undefined {
  const m = MENTION.exec(token);
  const role = m === null ? undefined : ROLE_WORDS[m[1] ?? ''];
  if (m === null || role === undefined) return undefined;
  const n = Number(m[2]);
  const fits = nodes.filter((name) => {
    const l = name.toLowerCase();
    return roleOfName(l) === role && numberOf(l) === n;
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * The pseudo-name a singular reference to the control plane becomes ("the control plane node",
 * "the master", "마스터 노드"): it resolves to the cluster's only control-plane node and to nothing
 * when there are several (then the answer asks which). A valid node name no real node carries.
 */
export const THE_CONTROL_PLANE_NODE = 'the-control-plane-node';

/**
 * The pseudo-name "the etcd leader" ("the etcd leader node", "etcd 리더") becomes: the worker
 * resolves it to the node of the member the cluster's etcd reports as leader, and asks which
 * control-plane node is meant when the leader is not known. A valid node name no real node carries.
 */
export const THE_ETCD_LEADER = 'the-etcd-leader';

/**
 * Resolve {@link THE_CONTROL_PLANE_NODE} to the only node whose name says control plane.
 * @param nodes - the cluster's node names
 * @returns the node, or undefined when there is none or several
 */
export function resolveOnlyControlPlane(nodes: readonly string[]): string | undefined {
  const cps = controlPlaneNamed(nodes);
  return cps.length === 1 ? cps[0] : undefined;
}

/**
 * The nodes whose names say control plane, in the list's order.
 * @param nodes - the cluster's node names
 */
export function controlPlaneNamed(nodes: readonly string[]): string[] {
  return nodes.filter((n) => roleOfName(n.toLowerCase()) === 'control-plane');
}

/**
 * Role mentions written in two words, joined into one token before the text is read: `workers 1 and 2`
 * → `worker-1 and worker-2`, `worker 2` →
 * `worker-2`, `master #2` → `master-2`, `control plane 2` / `control-plane node 2` → `cp-2`,
 * `마스터 2번` / `2번 마스터` / `워커2` → `master-2` / `worker-2`.
 */
const SPLIT_MENTIONS: readonly [RegExp, (m: string[]) => string][] = [
  [
    /\b(workers|masters)\s+(\d{1,3})\s*(?:,|and|&|\+)\s*(\d{1,3})\b/gu,
    (m) => `${m[1]?.slice(0, -1)}-${m[2]} and ${m[1]?.slice(0, -1)}-${m[3]}`,
  ],
  [
    /\b(worker|master|control[-\s]?plane)(?:\s+node)?\s*#?\s*(\d{1,3})\b/gu,
    (m) => `${m[1]?.startsWith('control') === true ? 'cp' : m[1]}-${m[2]}`,
  ],
  [
    /(마스터|워커|컨트롤\s*플레인)\s*(?:노드\s*)?(\d{1,3})(?!\s*[대개\d])\s*번?(?:\s*노드)?/gu,
    (m) => `${koRole(m[1])}-${m[2]} `,
  ],
  [
    /(?<!\d)(\d{1,3})\s*번\s*(?:째\s*)?(마스터|워커|컨트롤\s*플레인)(?:\s*노드)?/gu,
    (m) => `${koRole(m[2])}-${m[1]} `,
  ],
];

function koRole(word: string | undefined): string {
  return word === '워커' ? 'worker' : 'master';
}

/**
 * Singular references to the control plane: "the control plane node", "the master node", "our
 * master", "마스터 노드" / "컨트롤 플레인 노드" not followed by a plural or group word, nor by a count
 * ("마스터 노드는 홀수로", "마스터 노드는 몇 대": the nodes as a group), nor by "one of them"
 * ("마스터 노드 하나", "마스터 노드 중": one of several).
 */
const SINGLE_CONTROL_PLANE =
  /\b(?:the|our|my)\s+(?:only\s+|single\s+|one\s+)?(?:control[-\s]?plane|master)\s+node\b(?!s)|(?:^|\s)(?:마스터|컨트롤\s*플레인)\s*노드(?=[은는을를이가\s]|$)(?!\s*(?:들|전부|모두|다|전체|\d|하나|한\s*대|중(?:\s|$)))(?![은는이가]?\s*(?:홀수|짝수|몇))/gu;

/** "the etcd leader (node)", "the current etcd leader", "etcd 리더 (노드)". */
const ETCD_LEADER = /\b(?:the\s+)?(?:current\s+)?etcd\s+leader(?:\s+node)?\b|etcd\s*리더(?:\s*노드)?/gu;

/**
 * Join two-word role mentions into one token (see {@link SPLIT_MENTIONS}), and turn "the etcd
 * leader" into {@link THE_ETCD_LEADER} and a singular reference to the control plane into
 * {@link THE_CONTROL_PLANE_NODE}.
 * @param text - lowercase text
 * @param single - whether a singular reference names one node (not in a plan: "reboot the master
 *   node one by one" means the group)
 * @returns the text with mentions as tokens
 */
export function joinMentions(text: string, single: boolean): string {
  let out = text;
  for (const [re, to] of SPLIT_MENTIONS) out = out.replace(re, (...m: string[]) => to(m));
  out = out.replace(ETCD_LEADER, ` ${THE_ETCD_LEADER} `);
  return single ? out.replace(SINGLE_CONTROL_PLANE, ` ${THE_CONTROL_PLANE_NODE} `) : out;
}
