/**
 * Known cluster add-ons (issue 29 item 5): data, one row per add-on, each with the public source
 * its recognition and its "what stops for others" come from. The check that reads it is
 * ./addon-checks.ts; the sentence of each row is `checks.cluster-addons.<id>` in the locales.
 *
 * Recognition is by the owner (the top controller's kind) and the labels of the workload or of its
 * pod template, as the upstream manifests and charts set them; never by a pod's name alone.
 * `apiService` and `webhook` name what the add-on serves, for answers that read
 * APIServices and webhook configurations (issue 29 items 1 and 2).
 */

/** One label set; every label must be equal (on the workload or on its pods). */
export type AddonLabels = Readonly<Record<string, string>>;

/** One known add-on. */
export interface AddonRow {
  /** Stable id; the sentence key `checks.cluster-addons.<id>`. */
  id: string;
  /** The add-on's name as its project writes it. */
  name: string;
  /** The top owner's kinds that run it. */
  kinds: readonly ('Deployment' | 'StatefulSet' | 'DaemonSet')[];
  /** Alternative label sets (any one matches). */
  labels: readonly AddonLabels[];
  /**
   * Container names of which the pod must run one, when add-ons share their labels (kube-dns and
   * CoreDNS both carry `k8s-app: kube-dns`); absent: any.
   */
  containers?: readonly string[];
  /**
   * `cluster`: while every replica is down, others lose what `id`'s sentence says; `node`: one pod
   * per node serving that node only (a DaemonSet): its pod on the rebooted node stops nothing for
   * other nodes, so no finding is made.
   */
  scope: 'cluster' | 'node';
  /** An APIService it serves, when it does (`v1beta1.metrics.k8s.io`). */
  apiService?: string;
  /** A webhook configuration it serves, when it does. */
  webhook?: string;
  /** Where the labels and the effect come from. */
  source: string;
}

/** The known add-ons (issue 29 items 4 and 5). */
export const ADDONS: readonly AddonRow[] = [
  {
    // Before CoreDNS: the same label, told apart by its containers (kubedns, dnsmasq, sidecar).
    id: 'kube-dns',
    name: 'kube-dns',
    kinds: ['Deployment'],
    labels: [{ 'k8s-app': 'kube-dns' }],
    containers: ['kubedns'],
    scope: 'cluster',
    source:
      'kubernetes/kubernetes cluster/addons/dns/kube-dns/kube-dns.yaml.in (label k8s-app: kube-dns; containers kubedns, dnsmasq, sidecar); https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/',
  },
  {
    id: 'coredns',
    name: 'CoreDNS',
    kinds: ['Deployment'],
    labels: [{ 'k8s-app': 'kube-dns' }],
    scope: 'cluster',
    source:
      'kubeadm CoreDNS manifest (kubernetes/kubernetes cmd/kubeadm/app/phases/addons/dns/manifests.go, label k8s-app: kube-dns); https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/',
  },
  {
    id: 'nodelocaldns',
    name: 'NodeLocal DNSCache',
    kinds: ['DaemonSet'],
    labels: [{ 'k8s-app': 'node-local-dns' }],
    scope: 'node',
    source:
      'kubernetes/kubernetes cluster/addons/dns/nodelocaldns/nodelocaldns.yaml; https://kubernetes.io/docs/tasks/administer-cluster/nodelocaldns/',
  },
  {
    id: 'metrics-server',
    name: 'metrics-server',
    kinds: ['Deployment'],
    labels: [{ 'k8s-app': 'metrics-server' }, { 'app.kubernetes.io/name': 'metrics-server' }],
    scope: 'cluster',
    apiService: 'v1beta1.metrics.k8s.io',
    source:
      'kubernetes-sigs/metrics-server manifests/base (k8s-app: metrics-server; APIService v1beta1.metrics.k8s.io); https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#support-for-resource-metrics',
  },
  {
    id: 'cert-manager',
    name: 'cert-manager',
    kinds: ['Deployment'],
    labels: [{ 'app.kubernetes.io/name': 'cert-manager', 'app.kubernetes.io/component': 'controller' }],
    scope: 'cluster',
    source:
      'cert-manager/cert-manager deploy/charts/cert-manager/templates/deployment.yaml; https://cert-manager.io/docs/concepts/certificate/',
  },
  {
    id: 'cert-manager-webhook',
    name: 'cert-manager webhook',
    kinds: ['Deployment'],
    labels: [{ 'app.kubernetes.io/name': 'webhook', 'app.kubernetes.io/component': 'webhook' }],
    scope: 'cluster',
    webhook: 'cert-manager-webhook',
    source:
      'cert-manager/cert-manager deploy/charts/cert-manager/templates/webhook-deployment.yaml (failurePolicy: Fail); https://cert-manager.io/docs/concepts/webhook/',
  },
  {
    id: 'kyverno',
    name: 'Kyverno admission controller',
    kinds: ['Deployment'],
    labels: [
      { 'app.kubernetes.io/component': 'admission-controller', 'app.kubernetes.io/part-of': 'kyverno' },
    ],
    scope: 'cluster',
    webhook: 'kyverno-resource-validating-webhook-cfg',
    source:
      'kyverno/kyverno charts/kyverno/templates/admission-controller/deployment.yaml; kyverno/kyverno#2869, #4686; https://kyverno.io/docs/installation/#security-vs-operability',
  },
  {
    id: 'gatekeeper',
    name: 'Gatekeeper',
    kinds: ['Deployment'],
    labels: [{ 'control-plane': 'controller-manager', 'gatekeeper.sh/operation': 'webhook' }],
    scope: 'cluster',
    webhook: 'gatekeeper-validating-webhook-configuration',
    source:
      'open-policy-agent/gatekeeper deploy/gatekeeper.yaml; open-policy-agent/gatekeeper#291; https://open-policy-agent.github.io/gatekeeper/website/docs/failing-closed/',
  },
  {
    id: 'istiod',
    name: 'istiod',
    kinds: ['Deployment'],
    labels: [{ app: 'istiod', istio: 'pilot' }],
    scope: 'cluster',
    webhook: 'istio-sidecar-injector',
    source:
      'istio/istio manifests/charts/istio-control/istio-discovery/templates/deployment.yaml; https://istio.io/latest/docs/ops/common-problems/injection/',
  },
  {
    id: 'external-dns',
    name: 'ExternalDNS',
    kinds: ['Deployment'],
    labels: [{ 'app.kubernetes.io/name': 'external-dns' }],
    scope: 'cluster',
    source:
      'kubernetes-sigs/external-dns charts/external-dns; https://kubernetes-sigs.github.io/external-dns/',
  },
  {
    id: 'sealed-secrets',
    name: 'Sealed Secrets controller',
    kinds: ['Deployment'],
    labels: [{ name: 'sealed-secrets-controller' }, { 'app.kubernetes.io/name': 'sealed-secrets' }],
    scope: 'cluster',
    source:
      'bitnami-labs/sealed-secrets controller.yaml and helm/sealed-secrets; https://github.com/bitnami-labs/sealed-secrets#overview',
  },
  {
    id: 'argocd',
    name: 'Argo CD',
    kinds: ['StatefulSet', 'Deployment'],
    labels: [
      { 'app.kubernetes.io/name': 'argocd-application-controller' },
      { 'app.kubernetes.io/name': 'argocd-repo-server' },
    ],
    scope: 'cluster',
    source:
      'argoproj/argo-cd manifests/install.yaml; https://argo-cd.readthedocs.io/en/stable/operator-manual/high_availability/',
  },
  {
    id: 'flux',
    name: 'Flux',
    kinds: ['Deployment'],
    labels: [
      { app: 'source-controller', 'app.kubernetes.io/part-of': 'flux' },
      { app: 'kustomize-controller', 'app.kubernetes.io/part-of': 'flux' },
      { app: 'helm-controller', 'app.kubernetes.io/part-of': 'flux' },
    ],
    scope: 'cluster',
    source: 'fluxcd/flux2 manifests/bases; https://fluxcd.io/flux/components/',
  },
  {
    id: 'cluster-autoscaler',
    name: 'Cluster Autoscaler',
    kinds: ['Deployment'],
    labels: [{ app: 'cluster-autoscaler' }, { 'app.kubernetes.io/name': 'cluster-autoscaler' }],
    scope: 'cluster',
    source:
      'kubernetes/autoscaler cluster-autoscaler/cloudprovider/aws/examples/cluster-autoscaler-autodiscover.yaml; https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/FAQ.md',
  },
  {
    id: 'kured',
    name: 'kured',
    kinds: ['DaemonSet'],
    labels: [{ name: 'kured' }],
    scope: 'node',
    source: 'kubereboot/kured kured-ds.yaml; https://kured.dev/docs/',
  },
  // Network controllers (issue 29 item 4)
  {
    id: 'cilium-operator',
    name: 'Cilium operator',
    kinds: ['Deployment'],
    labels: [{ 'io.cilium/app': 'operator' }],
    scope: 'cluster',
    source:
      'cilium/cilium install/kubernetes/cilium/templates/cilium-operator/deployment.yaml; https://docs.cilium.io/en/stable/internals/cilium_operator/',
  },
  {
    id: 'calico-kube-controllers',
    name: 'calico-kube-controllers',
    kinds: ['Deployment'],
    labels: [{ 'k8s-app': 'calico-kube-controllers' }],
    scope: 'cluster',
    source:
      'projectcalico/calico manifests/calico.yaml; https://docs.tigera.io/calico/latest/reference/kube-controllers/configuration',
  },
  {
    id: 'calico-typha',
    name: 'Calico Typha',
    kinds: ['Deployment'],
    labels: [{ 'k8s-app': 'calico-typha' }],
    scope: 'cluster',
    source:
      'projectcalico/calico manifests/calico-typha.yaml; https://docs.tigera.io/calico/latest/reference/typha/overview',
  },
  {
    id: 'metallb-controller',
    name: 'MetalLB controller',
    kinds: ['Deployment'],
    labels: [
      { app: 'metallb', component: 'controller' },
      { 'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/name': 'metallb' },
    ],
    scope: 'cluster',
    source:
      'metallb/metallb config/manifests/metallb-native.yaml (Deployment controller, app: metallb, component: controller); https://metallb.universe.tf/concepts/',
  },
];
