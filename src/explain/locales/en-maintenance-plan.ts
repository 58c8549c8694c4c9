/**
 * English texts of maintenance plans: the plan card, one line per node with its state
 * and times, the reasons for the order, what holds the plan. Merged under `maintenancePlan`
 * (src/explain/i18n.ts). Plain text: adapters escape for their markup.
 */
export const enMaintenancePlan = {
  title: 'Maintenance plan {{id}}: {{count}} nodes of {{cluster}}',
  titleAsked: 'Maintenance plan for {{cluster}}',
  didYouMean: 'Did you mean {{names}}?',
  narrowExample: '`maintain -l {{selector}}`',
  section: { request: 'Plan', nodes: 'Nodes, in order', excluded: 'Left out (unsafe now)', table: 'Times' },
  card: {
    reason: 'Reason: {{reason}}',
    requestedBy: 'Requested by {{who}} at {{at}}',
    approvals: 'Approvals: {{count}} of {{required}}',
    approvalsBy: 'Approvals: {{count}} of {{required}} ({{names}})',
    controlPlane: 'It holds control-plane nodes: it needs the approvals of a control-plane change.',
    settle: 'After each node: verification and {{settle}} of settle time before the next.',
    batch: 'Workers in steps of up to {{size}}, maintained together.',
    zoneLimit:
      'At most {{limit}} node(s) per zone (topology.kubernetes.io/zone) unavailable at once, checked again before each step.',
    node: '{{n}}. {{node}} ({{role}}), step {{batch}}, {{verdict}}: {{state}}{{request}}. {{why}}',
    nodeRequest: ' (request {{request}})',
    excluded: '{{node}}: {{reasons}}',
    row: '{{node}} | start {{start}} | rebooted and verified {{maintained}} | settled {{settled}} | {{state}}',
    omitted: '{{count}} more node(s) of this plan are not listed here ({{done}} of them done).',
  },
  role: { 'control-plane': 'control plane', worker: 'worker' },
  verdict: { safe: 'safe', caution: 'caution', unsafe: 'unsafe' },
  nodeState: {
    pending: 'waiting',
    running: 'in maintenance',
    settling: 'settling',
    done: 'done',
    failed: 'failed ({{reason}}: {{detail}})',
    skipped: 'skipped',
    untouched: 'untouched',
  },
  why: {
    'control-plane-first': 'Control plane first, one at a time (never two etcd voters down at once).',
    'not-voter': 'No etcd vote: before the voters.',
    voter: 'etcd voter: alone in its step.',
    'etcd-leader-last': 'etcd leader: last of the control plane (one election instead of one per step).',
    'worker-order': 'Worker, in the order asked.',
    'batch-with': 'Together with {{nodes}}.',
    'zone-limit': 'Zone {{zone}}: at most {{limit}} unavailable at once.',
    'zone-limit-none':
      'No zone label: counted with the other nodes without one, at most {{limit}} unavailable at once.',
  },
  state: {
    'pending-approval': 'Waiting for approval: {{missing}} more needed. Approve with `approve {{id}}`.',
    approved: 'Approved; the plan starts shortly.',
    running: 'Running: {{done}} of {{total}} nodes done.',
    held: 'Held before {{node}}: {{detail}}. It goes on by itself once that clears.',
    'held-end': 'Held before the plan ends: {{detail}}. It goes on by itself once that clears.',
    'held-card-only':
      'Held by the Alertmanager gate {{times}} times: further changes of that gate are shown on the card only.',
    paused: 'Paused after {{done}} of {{total}} nodes. `resume {{id}}` goes on.',
    'needs-decision': '{{node}} failed. Answer `retry {{id}}`, `skip {{id}}` or `stop {{id}}`.',
    cancelling: 'Cancel asked: the plan stops after the node in progress.',
    pausing:
      'Pause asked: {{done}} of {{total}} nodes done; the plan pauses after the node in progress. `resume {{id}}` takes it back.',
    completed: 'Completed: {{done}} of {{total}} nodes done.',
    stopped: 'Stopped: {{done}} of {{total}} nodes done{{endText}}.',
    cancelled: 'Cancelled: {{done}} of {{total}} nodes done{{endText}}.',
    rejected: 'Rejected.',
    expired: 'Expired before it was approved.',
  },
  /** What happened to the nodes of a plan that ended (stopped, cancelled), after "N of M done". */
  end: {
    settling:
      '{{node}} was maintained (cordoned, drained, rebooted, uncordoned) but the plan ended before its settle checks',
    running: '{{node}} was still in progress',
    failed: '{{node}} was started and did not finish ({{reason}})',
    'failed-unstarted': '{{node}} failed before it was started ({{reason}})',
    skipped: '{{node}} was skipped',
    untouched: 'the others were not touched',
  },
  actions: {
    approve: 'Approve',
    reject: 'Reject',
    cancel: 'Cancel',
    pause: 'Pause',
    resume: 'Resume',
    retry: 'Retry',
    skip: 'Skip',
    stop: 'Stop',
  },
  stateName: {
    'pending-approval': 'waiting for approval',
    approved: 'approved',
    running: 'running',
    held: 'held',
    paused: 'paused',
    'needs-decision': 'waiting for a decision',
    cancelling: 'cancelling',
    completed: 'completed',
    stopped: 'stopped',
    cancelled: 'cancelled',
    rejected: 'rejected',
    expired: 'expired',
  },
  event: {
    approved: '{{who}} approved the plan ({{count}} of {{required}}).',
    'approved-final':
      '{{who}} approved the plan ({{count}} of {{required}}): approved, it starts with {{node}}.',
    rejected: '{{who}} rejected the plan. No node will be touched.',
    expired: 'The plan expired at {{at}} without enough approvals. No node was touched.',
    'cancel-requested':
      '{{who}} asked to cancel: the plan stops after the step in progress (never in the middle of a drain).',
    cancelled: '{{who}} cancelled the plan before it started. No node was touched.',
    pause: '{{who}} asked to pause: the plan pauses after the step in progress.',
    resume: '{{who}} resumed the plan.',
    retry: '{{who}} chose retry: {{node}} is tried again.',
    skip: '{{who}} chose skip: {{node}} is left as it is and the plan goes on.',
    stop: '{{who}} chose stop: the plan ends; the nodes not started are not touched.',
    'node-started': 'Step {{batch}}: {{node}} starts (request {{request}}).',
    'node-maintained': '{{node}} rebooted and verified; {{settle}} of settle time, then its checks.',
    'node-done':
      "{{node}} settled: Ready, its static pods, PodDisruptionBudgets and the Ready pods of its workloads (its DaemonSets' included) are back as before its step.",
    'node-failed':
      '{{node}} failed ({{reason}}: {{detail}}). Answer `retry {{id}}`, `skip {{id}}` or `stop {{id}}`.',
    'node-skipped': '{{node}} skipped.',
  },
  refusal: {
    'not-found': 'There is no maintenance plan or lock-break request {{id}}.',
    'not-approver': 'You are not an approver for {{cluster}}.',
    'self-approval': 'You cannot approve your own request.',
    'already-approved': 'Already counted your approval ({{count}} of {{required}}).',
    expired: '{{id}} expired at {{at}}.',
    'not-pending': '{{id}} is no longer waiting for approval (it is {{state}}).',
    'not-allowed': 'Only the requester, an approver or an admin of {{cluster}} may do that.',
    'already-finished': '{{id}} has already finished (it is {{state}}).',
    'not-applicable': 'That does not apply to {{id}} now (it is {{state}}).',
    'already-pausing': 'A pause of {{id}} is already asked: it pauses after the node in progress.',
    'already-paused': '{{id}} is already paused. `resume {{id}}` goes on.',
    'already-cancelling': 'A cancel of {{id}} is already asked: it stops after the node in progress.',
    'not-requester': 'You may not request maintenance in {{cluster}}.',
    'no-nodes': 'Those targets select no node of {{cluster}}; nothing was planned.',
    'all-unsafe': 'Every node asked for is unsafe to reboot now; nothing was planned.',
    'already-open': '{{cluster}} already has an open maintenance plan ({{id}}, {{state}}).',
    'unknown-nodes': 'No node named {{nodes}} in {{cluster}}; nothing was planned.',
    'too-many-nodes':
      'Those targets select {{count}} nodes of {{cluster}}, more than one plan may hold ({{max}}, policy `fleet.maxNodes`); nothing was planned. Ask for fewer at a time: a node pool or zone with a label selector ({{example}}), or the nodes by name.',
  },
  outcome: {
    'approval-counted': 'Your approval of {{id}} is counted ({{count}} of {{required}}).',
    approved: 'Approved: {{id}} has all its approvals.',
    rejected: 'Rejected {{id}}.',
    cancelled: 'Cancelled {{id}}.',
    'cancel-requested': 'Cancelling {{id}}: it stops after the step in progress.',
    'pause-requested': 'Pausing {{id}} after the step in progress.',
    resumed: 'Resumed {{id}}.',
    decided: 'Your decision on {{id}} is recorded.',
  },
  lockBreak: {
    title: 'Break lock {{id}}: {{what}} in {{cluster}}',
    section: 'Lock',
    approvals:
      'Breaking a lock needs the approvals of a control-plane maintenance; the requester cannot approve.',
    'why-stale':
      'Its holder is gone (stale): the bot breaks it once approved, if the same holder still has it then.',
    'why-unknown':
      "Its holder is not one of the bot's maintenances, so the bot cannot tell whether it is gone: check before approving. It is broken once approved, if the same holder still has it then.",
    state: {
      'pending-approval': 'Waiting for approval: {{missing}} more needed. Approve with `approve {{id}}`.',
      approved: 'Approved: a worker breaks the lock shortly.',
      completed: 'Broken at {{at}}: {{what}} was held by {{holder}}.',
      stopped: 'Not broken: {{reason}}.',
      rejected: 'Rejected: the lock was left as it is.',
      expired: 'Expired before it was approved: the lock was left as it is.',
      cancelled: 'Cancelled: the lock was left as it is.',
    },
    stop: {
      'already-free': 'the lock was already free',
      'holder-changed': 'another holder has it now',
      'not-stale': 'its holder {{holder}} is alive again',
    },
    refusal: {
      'nothing-held-any': 'Nothing to break: both locks are free.',
      'nothing-held': 'Nothing to break: {{what}} is free.',
      'which-lock': 'Both locks are held; say which: `break lock maintenance` or `break lock kured`.',
      'live-bot-holder':
        '{{what}} is held by a maintenance that is running ({{request}}, {{state}}): it is not stale. Cancel that maintenance instead (`cancel {{request}}`).',
      'already-open': '{{cluster}} already has an open request to break a lock ({{id}}).',
      'not-requester': 'You may not request maintenance in {{cluster}}.',
    },
  },
  lockStatus: {
    title: 'Locks of {{cluster}}',
    unreadable: 'The locks could not be read: {{detail}}',
    free: 'Both locks are free.',
    'free-no-kured': 'The maintenance lock is free; kured is not installed, so there is no kured lock.',
    held: 'Held, and its holder is alive.',
    stale:
      'A lock is stale (its holder is gone): `break lock` asks to break it, with the approvals of a control-plane maintenance.',
  },
  lock: {
    held: '{{what}}: held by {{holder}} (node {{node}}) since {{since}}, TTL {{ttl}}, request {{request}}.',
    free: '{{what}}: free.',
    noKured: 'kured: not installed (no kured DaemonSet).',
    noTtl: 'none (never expires)',
    stale: {
      'lease-expired': 'Stale: the Lease was not renewed within its TTL (its worker is gone).',
      'request-ended': 'Stale: its request has ended.',
      'request-unknown': 'Stale: no such request.',
      'step-over': 'Stale: the plan step that took it is over.',
    },
  },
  /** Workloads whose Ready pods are not back after a step (settle-workloads.ts). */
  settle: {
    workload: '{{kind}} {{namespace}}/{{name}}: {{now}} Ready pod(s), {{before}} before the step; {{why}}',
    daemonSet:
      'DaemonSet {{namespace}}/{{name}} on {{node}}: {{now}} Ready pod(s), {{before}} before the step; {{why}}',
    pending: '{{pod}} is Pending: {{message}}',
    notReady: '{{pod}} on {{node}} is not Ready',
    none: 'no replacement pod was created (is its controller running?)',
    more: 'and {{count}} more workload(s)',
  },
  hold: {
    settle:
      'the workloads of the step just maintained are not back ({{detail}}); past the settle timeout the plan asks for a decision',
    alert: 'firing alert {{detail}}',
    'alertmanager-unreachable': 'Alertmanager cannot be reached ({{detail}})',
    'alertmanager-unknown': "the alerts are unknown: Alertmanager's answer cannot be used ({{detail}})",
    'kured-lock': "kured's reboot lock is held ({{detail}})",
    'change-window': 'outside the change window ({{detail}})',
    'zone-limit':
      'more nodes of a zone would be unavailable than the policy allows (zone: unavailable + next > limit: {{detail}})',
    'maintenance-lock': 'another maintenance holds the lock ({{detail}})',
    'cluster-unreadable': 'the cluster cannot be read ({{detail}})',
  },
};
