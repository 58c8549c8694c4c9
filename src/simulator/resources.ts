/**
 * The API resources the simulator serves, with the discovery facts kubectl needs (group, version,
 * kind, scope, short names). Shapes follow the Kubernetes discovery API (`APIResourceList`).
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#discovery-api
 */

/** One served resource. `group` is '' for the core (`/api/v1`) group. */
export interface ResourceDef {
  plural: string;
  singular: string;
  kind: string;
  group: string;
  version: string;
  namespaced: boolean;
  shortNames: string[];
  categories?: string[];
  /** Discovery verbs; default `get`, `list` (read-only). */
  verbs?: string[];
}

/** Every resource the simulator serves. */
export const RESOURCES: readonly ResourceDef[] = [
  {
    plural: 'nodes',
    singular: 'node',
    kind: 'Node',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['no'],
    verbs: ['get', 'list', 'patch', 'update'],
  },
  {
    plural: 'namespaces',
    singular: 'namespace',
    kind: 'Namespace',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['ns'],
  },
  {
    plural: 'pods',
    singular: 'pod',
    kind: 'Pod',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    verbs: ['delete', 'get', 'list'],
  },
  {
    plural: 'configmaps',
    singular: 'configmap',
    kind: 'ConfigMap',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['cm'],
  },
  {
    plural: 'leases',
    singular: 'lease',
    kind: 'Lease',
    group: 'coordination.k8s.io',
    version: 'v1',
    namespaced: true,
    shortNames: [],
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
  },
  {
    plural: 'poddisruptionbudgets',
    singular: 'poddisruptionbudget',
    kind: 'PodDisruptionBudget',
    group: 'policy',
    version: 'v1',
    namespaced: true,
    shortNames: ['pdb'],
  },
  {
    plural: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
  },
  {
    plural: 'replicasets',
    singular: 'replicaset',
    kind: 'ReplicaSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['rs'],
    categories: ['all'],
  },
  {
    plural: 'statefulsets',
    singular: 'statefulset',
    kind: 'StatefulSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['sts'],
    categories: ['all'],
  },
  {
    plural: 'daemonsets',
    singular: 'daemonset',
    kind: 'DaemonSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
  },
  {
    plural: 'endpointslices',
    singular: 'endpointslice',
    kind: 'EndpointSlice',
    group: 'discovery.k8s.io',
    version: 'v1',
    namespaced: true,
    shortNames: [],
  },
  // pinned volumes and Services' traffic policy
  {
    plural: 'persistentvolumeclaims',
    singular: 'persistentvolumeclaim',
    kind: 'PersistentVolumeClaim',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['pvc'],
  },
  {
    plural: 'persistentvolumes',
    singular: 'persistentvolume',
    kind: 'PersistentVolume',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['pv'],
  },
  {
    plural: 'services',
    singular: 'service',
    kind: 'Service',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['svc'],
    categories: ['all'],
  },
  // what stops for the whole cluster with a node: admission webhooks, aggregated APIs (issue 29)
  {
    plural: 'validatingwebhookconfigurations',
    singular: 'validatingwebhookconfiguration',
    kind: 'ValidatingWebhookConfiguration',
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: [],
    categories: ['api-extensions'],
  },
  {
    plural: 'mutatingwebhookconfigurations',
    singular: 'mutatingwebhookconfiguration',
    kind: 'MutatingWebhookConfiguration',
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: [],
    categories: ['api-extensions'],
  },
  {
    plural: 'apiservices',
    singular: 'apiservice',
    kind: 'APIService',
    group: 'apiregistration.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: [],
    categories: ['api-extensions'],
  },
  // CSI controllers and attachments (csi-controller), MetalLB's layer 2 announcer (network-controllers)
  {
    plural: 'csidrivers',
    singular: 'csidriver',
    kind: 'CSIDriver',
    group: 'storage.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: [],
  },
  {
    plural: 'volumeattachments',
    singular: 'volumeattachment',
    kind: 'VolumeAttachment',
    group: 'storage.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: [],
  },
  {
    plural: 'servicel2statuses',
    singular: 'servicel2status',
    kind: 'ServiceL2Status',
    group: 'metallb.io',
    version: 'v1beta1',
    namespaced: true,
    shortNames: [],
  },
];

/** `group/version` of a resource (`v1` for the core group). */
export function groupVersion(def: ResourceDef): string {
  return def.group === '' ? def.version : `${def.group}/${def.version}`;
}

/** The resource serving objects of `kind`, or undefined. */
export function resourceForKind(kind: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.kind === kind);
}

/** The resource at `group`/`version`/`plural`, or undefined. */
export function resourceFor(group: string, version: string, plural: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.group === group && r.version === version && r.plural === plural);
}

/** The groups the simulator serves besides core, in discovery order. */
export function apiGroups(): { name: string; version: string }[] {
  const seen = new Map<string, string>();
  for (const r of RESOURCES) if (r.group !== '' && !seen.has(r.group)) seen.set(r.group, r.version);
  return [...seen].map(([name, version]) => ({ name, version }));
}

/** The discovery `APIResourceList` for one group/version (core v1 also lists `pods/eviction`). */
export function apiResourceList(group: string, version: string): object {
  const gv = group === '' ? version : `${group}/${version}`;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: gv,
    resources: [
      ...RESOURCES.filter((r) => r.group === group && r.version === version).map((r) => ({
        name: r.plural,
        singularName: r.singular,
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: r.verbs ?? ['get', 'list'],
        ...(r.shortNames.length > 0 ? { shortNames: r.shortNames } : {}),
        ...(r.categories ? { categories: r.categories } : {}),
      })),
      // the policy/v1 eviction subresource, as kube-apiserver lists it (kubectl drain looks for it)
      ...(gv === 'v1'
        ? [
            {
              name: 'pods/eviction',
              singularName: '',
              namespaced: true,
              group: 'policy',
              version: 'v1',
              kind: 'Eviction',
              verbs: ['create'],
            },
          ]
        : []),
    ],
  };
}
