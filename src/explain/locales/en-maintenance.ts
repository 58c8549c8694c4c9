/**
 * English texts of maintenance: the request card, the thread messages of each event,
 * the refusals of a click or a request, and the audit list. Merged into the i18next resources
 * under `maintenance` (src/explain/i18n.ts). Plain text: adapters escape for their markup.
 */
export const enMaintenance = {
  title: 'Maintenance {{id}}: reboot {{node}} in {{cluster}}',
  role: { 'control-plane': 'control-plane node', worker: 'worker node' },
  section: {
    request: 'Request',
    analysis: 'Analysis when requested',
    progress: 'Progress',
    blockers: 'Blocking the drain',
    forecast: 'Forecast vs observed',
  },
  card: {
    node: 'Node: {{node}} ({{role}}) in {{cluster}}',
    reason: 'Reason: {{reason}}',
    noReason: 'Reason: none given',
    force:
      'Forced by an admin over an unsafe verdict: {{forceReason}}. A forced request needs the approvals of a control-plane change.',
    requestedBy: 'Requested by {{who}} at {{at}}',
    approvals: 'Approvals: {{count}} of {{required}}',
    approvalsBy: 'Approvals: {{count}} of {{required}} ({{names}})',
    expires: 'Expires at {{at}} unless approved by then',
    rejectedBy: 'Rejected by {{who}}',
    cancelledBy: 'Cancel asked by {{who}}',
    pods: 'Pods evicted: {{evicted}} of {{total}}',
    stateReason: 'Why: {{reason}}',
    cordonedAtRequest:
      '{{node}} was already cordoned by someone else when this was requested: the bot leaves it cordoned afterwards (uncordoning it would undo their cordon).',
  },
  state: {
    'pending-approval':
      'Waiting for approval: {{missing}} more needed ({{count}} of {{required}}). Once approved, the bot takes the maintenance lock, cordons and drains {{node}}, waits for its reboot, checks it and uncordons it.',
    'pending-approval-cordoned':
      'Waiting for approval: {{missing}} more needed ({{count}} of {{required}}). Once approved, the bot takes the maintenance lock, drains {{node}} (cordoned already by someone else), waits for its reboot and checks it; it leaves {{node}} cordoned, as it found it.',
    approved: 'Approved. Execution starts shortly: maintenance lock, cordon, drain.',
    'waiting-for-window':
      'Approved; waiting for the next change window of {{cluster}} before touching {{node}}.',
    'waiting-for-window-at':
      'Approved; waiting for the change window of {{cluster}} that opens at {{at}} before touching {{node}}.',
    checking: 'Executing: re-checking {{cluster}} before touching {{node}}.',
    locked: 'Executing: the maintenance lock is held; cordoning {{node}} next.',
    cordoned: 'Executing: {{node}} is cordoned; draining it next.',
    draining: 'Executing: draining {{node}}.',
    'awaiting-reboot':
      '{{node}} is drained and ready to reboot. Reboot it now (or the reboot hook does); the bot waits for it to come back.',
    verifying:
      '{{node}} rebooted; the bot checks Ready, the node Lease, static pods and etcd before uncordoning it.',
    completed: 'Done: {{node}} was rebooted and checked. {{nodeState}}',
    cancelling:
      'Cancelling: the bot stops at its next step, uncordons {{node}} if it cordoned it, and releases the lock.',
    cancelled: 'Cancelled. Nothing more will happen. {{nodeState}}',
    rejected: 'Rejected. Nothing was done to {{node}}.',
    expired: 'Expired at {{at}} without enough approvals. Nothing was done; ask again if it is still needed.',
    failed: 'Stopped: {{reason}} {{nodeState}}',
  },
  stateName: {
    'pending-approval': 'waiting for approval',
    approved: 'approved',
    'waiting-for-window': 'waiting for the change window',
    rejected: 'rejected',
    expired: 'expired',
    checking: 'checking',
    locked: 'lock taken',
    cordoned: 'cordoned',
    draining: 'draining',
    'awaiting-reboot': 'waiting for the reboot',
    verifying: 'verifying',
    completed: 'completed',
    cancelling: 'cancelling',
    cancelled: 'cancelled',
    failed: 'failed',
  },
  nodeState: {
    cordonedByBot: '{{node}} stays cordoned (uncordon it when it is fine: kubectl uncordon {{node}}).',
    wasCordoned: '{{node}} was cordoned before the maintenance and stays cordoned.',
    notCordoned: '{{node}} is not cordoned.',
    uncordoned: '{{node}} is uncordoned and schedulable again.',
    leftCordoned: '{{node}} was cordoned before the maintenance, so the bot left it cordoned.',
  },
  actions: { approve: 'Approve', reject: 'Reject', cancel: 'Cancel' },
  stop: {
    'verdict-unsafe': 'the reboot-impact analysis now says unsafe (the cluster changed since the request).',
    'node-not-ready': '{{node}} is not Ready, so its reboot could not be checked.',
    'other-control-plane-not-ready':
      'another control-plane node is NotReady: taking this one down too would risk etcd quorum.',
    'other-control-plane-cordoned':
      'another control-plane node is cordoned: only one control-plane node at a time.',
    'lock-held': "another maintenance holds the cluster's maintenance lock.",
    'kured-lock': 'kured holds its node lock (the weave.works/kured-node-lock annotation on its DaemonSet).',
    'outside-change-window':
      "it is outside the cluster's change windows, and the policy refuses execution outside them.",
    'drain-timeout': 'the drain did not finish in time.',
    'reboot-timeout': '{{node}} did not come back Ready and verified in time.',
    forbidden: "the bot's ServiceAccount lacks the maintenance permissions (HTTP 403).",
    'api-error': 'the Kubernetes API failed.',
    unknown: 'an unexpected error.',
  },
  event: {
    requested: '{{who}} asked to reboot {{node}}.',
    approved: '{{who}} approved ({{count}} of {{required}}).',
    'approved-final': '{{who}} approved ({{count}} of {{required}}): approved, execution starts.',
    rejected: '{{who}} rejected the request. Nothing will be done to {{node}}.',
    expired: 'The request expired at {{at}} without enough approvals. Nothing was done.',
    'cancel-requested': '{{who}} asked to cancel: the bot stops at its next step.',
    cancelled: 'Cancelled by {{who}}. Pods evicted before the stop: {{podsEvicted}}. {{nodeState}}',
    'cancelled-bot': 'Cancelled. Pods evicted before the stop: {{podsEvicted}}. {{nodeState}}',
    'waiting-for-window': 'Approved outside the change windows of {{cluster}}: execution waits until {{at}}.',
    'execution-started': 'Execution started: re-checking {{cluster}} before touching {{node}}.',
    locked: 'Took the maintenance lock (Lease {{lease}}).',
    cordoned: 'Cordoned {{node}}: no new pods are scheduled on it.',
    'cordoned-already': '{{node}} was already cordoned; the bot will leave it cordoned afterwards.',
    eviction: 'Evicted {{pod}}.',
    progress: 'Draining {{node}}: evicted {{evicted}} of {{total}}.',
    'progress-waiting': 'Draining {{node}}: evicted {{evicted}} of {{total}}, waiting on {{waiting}}.',
    'waiting-budget': 'PodDisruptionBudget {{budget}} (pod {{pod}})',
    'waiting-pod': 'pod {{pod}} ({{detail}})',
    drained:
      '{{node}} is drained ({{count}} pods evicted). It is ready to reboot: reboot it now, or the reboot hook will.',
    drained_one:
      '{{node}} is drained (1 pod evicted). It is ready to reboot: reboot it now, or the reboot hook will.',
    'drained-skipped':
      '{{node}} is drained ({{count}} pods evicted; left in place: {{skipped}}). It is ready to reboot: reboot it now, or the reboot hook will.',
    'drained-skipped_one':
      '{{node}} is drained (1 pod evicted; left in place: {{skipped}}). It is ready to reboot: reboot it now, or the reboot hook will.',
    'reboot-hook-ok': 'The reboot hook ran: {{detail}}',
    'reboot-hook-failed':
      'The reboot hook failed: {{detail}}. Reboot {{node}} yourself; the bot keeps waiting.',
    rebooted: '{{node}} rebooted (new boot id {{bootId}}); checking it before uncordoning.',
    verified:
      '{{node}} is back: Ready, node Lease fresh, static pods Ready, etcd member healthy where it can be seen.',
    uncordoned: 'Uncordoned {{node}}.',
    'lock-released': 'Released the maintenance lock (Lease {{lease}}).',
    completed: 'Maintenance of {{node}} completed: drain {{drain}}, downtime {{downtime}}, total {{total}}.',
    failed: 'Maintenance of {{node}} stopped: {{reason}} {{nodeState}}',
    'failed-detail': 'Detail: {{detail}}',
    blocker: 'pod {{pod}}: {{detail}}',
    'blocker-budget': 'pod {{pod}}, blocked by PodDisruptionBudget {{budget}}: {{detail}}',
    'plan-control': '{{who}}: {{action}}.',
    'plan-finished': 'The plan ended {{state}}: {{done}} of {{total}} nodes done.',
    'lock-broken': 'Broke {{lock}}: it was held by {{holder}}.',
    'lock-break-refused': 'Did not break {{lock}} (held by {{holder}}): {{reason}}.',
  },
  /** Title of a refused decision, status or audit command: what was refused (the reason is the summary). */
  refusedTitle: {
    approve: 'Could not approve {{id}}',
    reject: 'Could not reject {{id}}',
    cancel: 'Could not cancel {{id}}',
    pause: 'Could not pause {{id}}',
    resume: 'Could not resume {{id}}',
    retry: 'Could not retry {{id}}',
    skip: 'Could not skip {{id}}',
    stop: 'Could not stop {{id}}',
    status: 'Could not show {{id}}',
    audit: 'Could not show the maintenance audit',
  },
  refusal: {
    'not-found': 'There is no maintenance request {{id}}.',
    'not-found-any': 'There is no such maintenance request (it may have been finished long ago).',
    'not-approver': 'You are not an approver for {{cluster}}.',
    'self-approval': 'You cannot approve your own request.',
    'already-approved': 'Already counted your approval ({{count}} of {{required}}).',
    expired: 'This request expired at {{at}}.',
    'not-pending': 'This request is no longer waiting for approval (it is {{state}}).',
    'not-allowed-to-cancel':
      'Only the requester, an approver or an admin of {{cluster}} may cancel this request.',
    'already-finished': 'This request has already finished (it is {{state}}).',
    'not-requester': 'You may not request maintenance in {{cluster}}.',
    unsafe:
      'Refused: the reboot-impact analysis says it is unsafe to reboot {{node}} now. An admin may force it with a reason.',
    'force-not-allowed': 'Only an admin of {{cluster}} may force a maintenance over an unsafe verdict.',
    'force-needs-reason': 'A forced maintenance needs a reason: say why it cannot wait.',
    'already-open': '{{node}} in {{cluster}} already has an open maintenance request ({{id}}).',
    'not-admin': 'Only maintenance admins of a cluster may read the audit.',
  },
  audit: {
    title: 'Maintenance audit: the last {{count}} entries',
    title_one: 'Maintenance audit: the last entry',
    empty: 'No maintenance audit entries yet.',
    line: '{{at}}  {{requestId}}  {{cluster}}/{{node}}  {{actor}}: {{event}}',
    heading: 'Newest first',
  },
  forecast: {
    matched: 'Forecast matched on {{node}}: {{tally}}; away {{away}} ({{forecast}}).',
    header: 'Forecast vs observed on {{node}}: forecast: {{forecast}}; observed: {{observed}}.',
    pod: '{{pod}}: forecast {{forecast}}, observed {{observed}}{{detail}}',
    'time-away': 'node away {{observed}}, {{forecast}}',
    'drain-time': 'drain took {{observed}}, forecast {{forecast}} (longest grace period)',
    'control-plane': 'API servers seen while {{node}} was away: {{observed}}, forecast {{forecast}}',
    'etcd-voters':
      'healthy etcd voters seen while {{node}} was away: {{observed}}, forecast {{forecast}} (quorum {{quorum}})',
    'etcd-unobserved':
      'etcd voters while {{node}} was away: not observed, so not compared (forecast {{forecast}}, quorum {{quorum}})',
    'away-typical': 'forecast {{ms}}, the typical reboot: no history of {{node}}',
    'away-history': 'forecast {{ms}}: {{node}} was away {{ms}}, median of the last {{count}}',
    'away-history_one': 'forecast {{ms}}: {{node}} was away {{ms}} the last time',
    'no-pods': 'no pods to move',
    fate: {
      moved: '{{count}} moved',
      pending: '{{count}} Pending',
      refused: '{{count}} refused by a budget',
      deleted: '{{count}} deleted',
      lost: '{{count}} lost',
      unknown: '{{count}} not seen',
    },
    word: {
      moved: 'moved',
      pending: 'Pending',
      refused: 'refused',
      deleted: 'deleted',
      lost: 'lost',
      'moved-to-cp': 'moved to a control-plane node',
      'moved-to-worker': 'moved to a worker',
      'of-pool': ' of pool {{pool}}',
    },
  },
  duration: { s: '{{s}} s', m: '{{m}} min', ms: '{{m}} min {{s}} s', h: '{{h}} h', hm: '{{h}} h {{m}} min' },
  time: '{{date}} {{time}} UTC',
};

/** Nested text objects with the same keys as `T`, every leaf a string. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** A message tree where the English-only singular forms (`*_one`, i18next plurals) are optional. */
type PluralOptional<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : PluralOptional<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

/** The shape of the maintenance texts; Korean provides the same keys (plural `_one` forms optional). */
export type MaintenanceMessages = PluralOptional<typeof enMaintenance>;
