/**
 * `meta.k8s.io/v1` Table rendering: what `kubectl get` asks for (`Accept:
 * application/json;as=Table;g=meta.k8s.io;v=v1`) to print human output. Columns follow
 * kube-apiserver's printers closely enough for an operator to read them.
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#receiving-resources-as-tables
 */

/** One `columnDefinitions[]` entry. */
export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'date';
  format: string;
  description: string;
  priority: number;
}

type Obj = Record<string, unknown> & { metadata?: { creationTimestamp?: string; name?: string } };

const col = (name: string, type: TableColumn['type'] = 'string', priority = 0, format = ''): TableColumn => ({
  name,
  type,
  format,
  description: name,
  priority,
});

/**
 * Human age as kubectl prints it (`45s`, `12m`, `3h20m`, `5d`, `2y91d`): a simplified
 * `duration.HumanDuration` of k8s.io/apimachinery.
 * @param ms - age in milliseconds
 */
export function humanAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return `${m}m${s % 60 ? `${s % 60}s` : ''}`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 8) return `${h}h${m % 60 ? `${m % 60}m` : ''}`;
  if (h < 48) return `${h}h`;
  const d = Math.floor(h / 24);
  if (d < 8) return `${d}d${h % 24 ? `${h % 24}h` : ''}`;
  if (d < 730) return `${d}d`;
  return `${Math.floor(d / 365)}y${d % 365}d`;
}

function get(o: unknown, ...path: string[]): unknown {
  let cur = o;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const str = (v: unknown, dflt = '<none>'): string =>
  v === undefined || v === null || v === '' ? dflt : String(v);

/**
 * Node roles as kubectl prints them (`findNodeRoles` in kubernetes pkg/printers/internalversion):
 * every `node-role.kubernetes.io/ROLE` label, and the value of the legacy `kubernetes.io/role`
 * label, sorted and deduplicated.
 */
function nodeRoles(labels: Record<string, string>): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(labels)) {
    if (k.startsWith('node-role.kubernetes.io/')) roles.add(k.slice('node-role.kubernetes.io/'.length));
    else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  return (
    [...roles]
      .filter((r) => r !== '')
      .sort()
      .join(',') || '<none>'
  );
}

/** The first address of a type (`InternalIP`, `ExternalIP`), as kubectl's wide node columns show it. */
function nodeAddress(o: Obj, type: string): string {
  const addresses =
    (get(o, 'status', 'addresses') as { type?: string; address?: string }[] | undefined) ?? [];
  return addresses.find((a) => a.type === type)?.address ?? '<none>';
}

function nodeCells(o: Obj): unknown[] {
  const conds = (get(o, 'status', 'conditions') as { type: string; status: string }[] | undefined) ?? [];
  const ready = conds.find((c) => c.type === 'Ready');
  let status = ready === undefined ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady';
  if (get(o, 'spec', 'unschedulable') === true) status += ',SchedulingDisabled';
  const labels = (get(o, 'metadata', 'labels') as Record<string, string> | undefined) ?? {};
  return [
    status,
    nodeRoles(labels),
    str(get(o, 'status', 'nodeInfo', 'kubeletVersion'), ''),
    nodeAddress(o, 'InternalIP'),
    nodeAddress(o, 'ExternalIP'),
    str(get(o, 'status', 'nodeInfo', 'osImage'), '<unknown>'),
    str(get(o, 'status', 'nodeInfo', 'kernelVersion'), '<unknown>'),
    str(get(o, 'status', 'nodeInfo', 'containerRuntimeVersion'), '<unknown>'),
  ];
}

function podCells(o: Obj): unknown[] {
  const containers = (get(o, 'spec', 'containers') as unknown[] | undefined) ?? [];
  const statuses =
    (get(o, 'status', 'containerStatuses') as
      | { ready?: boolean; restartCount?: number; state?: Record<string, { reason?: string }> }[]
      | undefined) ?? [];
  const ready = statuses.filter((s) => s.ready === true).length;
  const restarts = statuses.reduce((n, s) => n + num(s.restartCount), 0);
  let status = str(get(o, 'status', 'reason'), '') || str(get(o, 'status', 'phase'), 'Unknown');
  for (const s of statuses) {
    const waiting = s.state?.waiting?.reason;
    const terminated = s.state?.terminated?.reason;
    if (waiting) status = waiting;
    else if (terminated && status === 'Running') status = terminated;
  }
  if (get(o, 'metadata', 'deletionTimestamp') !== undefined) status = 'Terminating';
  const gates = (get(o, 'spec', 'readinessGates') as { conditionType?: string }[] | undefined) ?? [];
  const conditions =
    (get(o, 'status', 'conditions') as { type?: string; status?: string }[] | undefined) ?? [];
  const gatesMet = gates.filter((g) =>
    conditions.some((c) => c.type === g.conditionType && c.status === 'True'),
  ).length;
  return [
    `${ready}/${containers.length}`,
    status,
    restarts,
    str(get(o, 'status', 'podIP')),
    str(get(o, 'spec', 'nodeName')),
    str(get(o, 'status', 'nominatedNodeName')),
    gates.length === 0 ? '<none>' : `${gatesMet}/${gates.length}`,
  ];
}

interface Printer {
  columns: TableColumn[];
  cells: (o: Obj) => unknown[];
}

const AGE = col('Age');

/**
 * Printers by resource plural; Name comes first and Age is inserted where the printer puts it.
 * Columns of priority 1 are the ones `-o wide` adds. Nodes and pods follow kube-apiserver's
 * printers column for column (kubernetes pkg/printers/internalversion/printers.go,
 * `nodeColumnDefinitions`, `podColumnDefinitions`).
 */
const PRINTERS: Record<string, Printer> = {
  nodes: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Status'),
      col('Roles'),
      AGE,
      col('Version'),
      col('Internal-IP', 'string', 1),
      col('External-IP', 'string', 1),
      col('OS-Image', 'string', 1),
      col('Kernel-Version', 'string', 1),
      col('Container-Runtime', 'string', 1),
    ],
    cells: nodeCells,
  },
  pods: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Ready'),
      col('Status'),
      col('Restarts', 'integer'),
      AGE,
      col('IP', 'string', 1),
      col('Node', 'string', 1),
      col('Nominated Node', 'string', 1),
      col('Readiness Gates', 'string', 1),
    ],
    cells: podCells,
  },
  leases: {
    columns: [col('Name', 'string', 0, 'name'), col('Holder'), AGE],
    cells: (o) => [str(get(o, 'spec', 'holderIdentity'), '')],
  },
  poddisruptionbudgets: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Min Available'),
      col('Max Unavailable'),
      col('Allowed Disruptions', 'integer'),
      AGE,
    ],
    cells: (o) => [
      str(get(o, 'spec', 'minAvailable'), 'N/A'),
      str(get(o, 'spec', 'maxUnavailable'), 'N/A'),
      num(get(o, 'status', 'disruptionsAllowed')),
    ],
  },
  deployments: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Ready'),
      col('Up-to-date', 'integer'),
      col('Available', 'integer'),
      AGE,
    ],
    cells: (o) => [
      `${num(get(o, 'status', 'readyReplicas'))}/${num(get(o, 'spec', 'replicas'))}`,
      num(get(o, 'status', 'updatedReplicas')),
      num(get(o, 'status', 'availableReplicas')),
    ],
  },
  replicasets: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Desired', 'integer'),
      col('Current', 'integer'),
      col('Ready', 'integer'),
      AGE,
    ],
    cells: (o) => [
      num(get(o, 'spec', 'replicas')),
      num(get(o, 'status', 'replicas')),
      num(get(o, 'status', 'readyReplicas')),
    ],
  },
  statefulsets: {
    columns: [col('Name', 'string', 0, 'name'), col('Ready'), AGE],
    cells: (o) => [`${num(get(o, 'status', 'readyReplicas'))}/${num(get(o, 'spec', 'replicas'))}`],
  },
  daemonsets: {
    columns: [
      col('Name', 'string', 0, 'name'),
      col('Desired', 'integer'),
      col('Current', 'integer'),
      col('Ready', 'integer'),
      col('Available', 'integer'),
      AGE,
    ],
    cells: (o) => [
      num(get(o, 'status', 'desiredNumberScheduled')),
      num(get(o, 'status', 'currentNumberScheduled')),
      num(get(o, 'status', 'numberReady')),
      num(get(o, 'status', 'numberAvailable')),
    ],
  },
  endpointslices: {
    columns: [col('Name', 'string', 0, 'name'), col('AddressType'), col('Ports'), col('Endpoints'), AGE],
    cells: (o) => [
      str(get(o, 'addressType')),
      ((get(o, 'ports') as { port?: number }[] | undefined) ?? []).map((p) => p.port).join(',') || '<unset>',
      ((get(o, 'endpoints') as { addresses?: string[] }[] | undefined) ?? [])
        .flatMap((e) => e.addresses ?? [])
        .join(',') || '<unset>',
    ],
  },
  namespaces: {
    columns: [col('Name', 'string', 0, 'name'), col('Status'), AGE],
    cells: (o) => [str(get(o, 'status', 'phase'), 'Active')],
  },
  // kube-apiserver's printers (printers.go `validatingWebhookConfigurationColumnDefinitions`,
  // kube-aggregator's APIService table: Name, Service, Available, Age)
  validatingwebhookconfigurations: {
    columns: [col('Name', 'string', 0, 'name'), col('Webhooks', 'integer'), AGE],
    cells: (o) => [((get(o, 'webhooks') as unknown[] | undefined) ?? []).length],
  },
  mutatingwebhookconfigurations: {
    columns: [col('Name', 'string', 0, 'name'), col('Webhooks', 'integer'), AGE],
    cells: (o) => [((get(o, 'webhooks') as unknown[] | undefined) ?? []).length],
  },
  apiservices: {
    columns: [col('Name', 'string', 0, 'name'), col('Service'), col('Available'), AGE],
    cells: (o) => {
      const svc = get(o, 'spec', 'service') as { namespace?: string; name?: string } | null | undefined;
      const avail = (
        (get(o, 'status', 'conditions') as
          { type?: string; status?: string; reason?: string }[] | undefined) ?? []
      ).find((c) => c.type === 'Available');
      return [
        svc ? `${svc.namespace ?? ''}/${svc.name ?? ''}` : 'Local',
        avail === undefined
          ? 'Unknown'
          : avail.status === 'True'
            ? 'True'
            : `${avail.status ?? 'Unknown'} (${avail.reason ?? ''})`,
      ];
    },
  },
  configmaps: {
    columns: [col('Name', 'string', 0, 'name'), col('Data', 'integer'), AGE],
    cells: (o) => [Object.keys((get(o, 'data') as object | undefined) ?? {}).length],
  },
};

/**
 * Table columns of a resource.
 * @param plural - resource plural
 */
export function tableColumns(plural: string): TableColumn[] {
  return PRINTERS[plural]?.columns ?? [col('Name', 'string', 0, 'name'), AGE];
}

/**
 * The cells of one row, in {@link tableColumns} order.
 * @param plural - resource plural
 * @param obj - the (already time-shifted) object
 * @param nowMs - the current time in ms since the epoch, for the Age column
 */
export function tableCells(plural: string, obj: Obj, nowMs: number): unknown[] {
  const created = obj.metadata?.creationTimestamp;
  const age = created ? humanAge(nowMs - Date.parse(created)) : '<unknown>';
  const printer = PRINTERS[plural];
  const rest = printer ? printer.cells(obj) : [];
  const cols = tableColumns(plural);
  const out: unknown[] = [obj.metadata?.name ?? ''];
  let r = 0;
  for (let i = 1; i < cols.length; i++) out.push(cols[i] === AGE ? age : rest[r++]);
  return out;
}
