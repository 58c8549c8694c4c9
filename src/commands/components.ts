/**
 * Component names a "what if" request can use, and their aliases in English and Korean.
 */
import type { ComponentName } from './types.js';

/** Every component the bot can answer about, in the order answers list them. */
export const COMPONENT_NAMES: readonly ComponentName[] = [
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
  'kubelet',
  'kube-proxy',
  'coredns',
  'cni',
  'container-runtime',
];

/**
 * Aliases → canonical name. Keys are lowercased with spaces, `-` and `_` removed, so `API server`,
 * `api-server` and `apiserver` are one key. The CNI plugins seen in kubeadm clusters map to `cni`.
 */
const ALIASES: Readonly<Record<string, ComponentName>> = {
  kubeapiserver: 'kube-apiserver',
  apiserver: 'kube-apiserver',
  api: 'kube-apiserver',
  에이피아이서버: 'kube-apiserver',
  api서버: 'kube-apiserver',
  etcd: 'etcd',
  kubescheduler: 'kube-scheduler',
  scheduler: 'kube-scheduler',
  스케줄러: 'kube-scheduler',
  스케쥴러: 'kube-scheduler',
  kubecontrollermanager: 'kube-controller-manager',
  controllermanager: 'kube-controller-manager',
  kcm: 'kube-controller-manager',
  컨트롤러매니저: 'kube-controller-manager',
  컨트롤러매니져: 'kube-controller-manager',
  kubelet: 'kubelet',
  쿠블릿: 'kubelet',
  큐블릿: 'kubelet',
  쿠베렛: 'kubelet',
  kubeproxy: 'kube-proxy',
  큐브프록시: 'kube-proxy',
  쿠브프록시: 'kube-proxy',
  coredns: 'coredns',
  kubedns: 'coredns',
  dns: 'coredns',
  clusterdns: 'coredns',
  코어dns: 'coredns',
  cni: 'cni',
  calico: 'cni',
  caliconode: 'cni',
  flannel: 'cni',
  kubeflannel: 'cni',
  kubeflannelds: 'cni',
  cilium: 'cni',
  weave: 'cni',
  weavenet: 'cni',
  canal: 'cni',
  antrea: 'cni',
  kuberouter: 'cni',
  containerd: 'container-runtime',
  crio: 'container-runtime',
  docker: 'container-runtime',
  containerruntime: 'container-runtime',
  runtime: 'container-runtime',
  컨테이너런타임: 'container-runtime',
  런타임: 'container-runtime',
};

/**
 * The regex alternation of every alias as it may be typed (spaces or `-` between the parts), for
 * the grammar. Longest first, so `kube-proxy` is not read as `kube` + `proxy`.
 */
export const COMPONENT_PATTERN = [
  'kube[-\\s]?api[-\\s]?server',
  'api[-\\s]?servers?',
  'api\\s*서버',
  'etcd',
  'kube[-\\s]?scheduler',
  'scheduler',
  '스케[줄쥴]러',
  'kube[-\\s]?controller[-\\s]?manager',
  'controller[-\\s]?manager',
  'kcm',
  '컨트롤러\\s*매니[저져]',
  'kubelet',
  '[쿠큐]블릿',
  'kube[-\\s]?proxy',
  '[큐쿠]브\\s*프록시',
  'core[-\\s]?dns',
  'kube[-\\s]?dns',
  'cluster\\s+dns',
  '코어\\s*dns',
  'dns',
  'cni(?:\\s+plugin)?',
  'calico(?:-node)?',
  'kube-flannel(?:-ds)?',
  'flannel',
  'cilium',
  'weave(?:-net)?',
  'canal',
  'antrea',
  'kube[-\\s]?router',
  'containerd',
  'cri-?o',
  'docker',
  'container\\s+runtime',
  '컨테이너\\s*런타임',
].join('|');

/**
 * The canonical component for a word as typed, or null when it is not a component the bot knows.
 * @param word - the word (`API server`, `scheduler`, `calico-node`, `스케줄러`)
 * @returns the canonical name, or null
 */
export function normalizeComponent(word: string): ComponentName | null {
  const key = word.toLowerCase().replace(/[\s_-]+/g, '');
  return ALIASES[key] ?? null;
}

/**
 * Whether a string is a canonical component name.
 * @param name - a name
 */
export function isComponentName(name: string): name is ComponentName {
  return (COMPONENT_NAMES as readonly string[]).includes(name);
}
