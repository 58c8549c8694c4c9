/**
 * English texts of what stops for the whole cluster with a node (issue 29): admission webhooks
 * (src/analysis/admission-webhooks.ts) and aggregated APIs (src/analysis/aggregated-apis.ts),
 * merged into `checks` and `advice` of ./en.ts by ../i18n.ts.
 */
export const enClusterServices = {
  checks: {
    'single-replica': {
      'refused-by-webhook':
        '{{workload}} ({{kind}}, {{namespace}}) runs on {{node}} only: admission webhook {{webhook}} refuses its replacement (below), so it is down until the webhook has a backend again.',
      'spread-refused-by-webhook':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the {{readyElsewhere}} Ready on other nodes keep serving, but admission webhook {{webhook}} refuses the replacement (below): it runs short by {{here}} until the webhook has a backend again.',
      'spread-refused-by-webhook_one':
        '{{workload}} ({{kind}}, {{namespace}}): {{here}} of {{replicas}} replicas on {{node}}; the one Ready on another node keeps serving, but admission webhook {{webhook}} refuses the replacement (below): it runs short by {{here}} until the webhook has a backend again.',
    },
    'admission-webhook': {
      'refuses-drain':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}. While they are down, the API server refuses every request it intercepts ({{intercepts}}), so the drain's replacement pods in {{namespaces}} are refused: {{pods}}. They are not started elsewhere until a backend of {{service}} is Ready again.",
      'refuses-drain_one':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}. While they are down, the API server refuses every request it intercepts ({{intercepts}}), so the drain's replacement for {{pods}} is refused: it is not started elsewhere until a backend of {{service}} is Ready again.",
      'refuses-drain-own':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}, and it covers its own namespace. While they are down, the API server refuses every request it intercepts ({{intercepts}}): the drain's replacement pods in {{namespaces}} are refused ({{pods}}), its own replacement included, so nothing brings it back by itself and pod creation it covers fails cluster-wide until {{node}} is back.",
      'refuses-drain-down':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has no ready backend now ({{service}}): the API server already refuses every request it intercepts ({{intercepts}}), so the drain's replacement pods in {{namespaces}} would be refused: {{pods}}.",
      // A drain answer's forms (`<variant>-drain`): the drain evicts the backends; the node keeps running.
      'refuses-drain-drain':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}, and the drain evicts them. From then on the API server refuses every request it intercepts ({{intercepts}}), so the replacements of the evicted pods in {{namespaces}} are refused: {{pods}}. They are not created on another node until a backend of {{service}} is Ready again.',
      'refuses-drain-drain_one':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}, and the drain evicts them. From then on the API server refuses every request it intercepts ({{intercepts}}), so the replacement of {{pods}} is refused: it is not created on another node until a backend of {{service}} is Ready again.',
      'refuses-drain-own-drain':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}, and it covers its own namespace. The drain evicts those backends; from then on the API server refuses every request it intercepts ({{intercepts}}): the replacements of the evicted pods in {{namespaces}} are refused ({{pods}}), its own replacement included, so nothing brings it back by itself and pod creation it covers fails cluster-wide. Uncordoning {{node}} does not help: the replacement is refused wherever it would run, until the webhook's namespaceSelector exempts its namespace or the configuration is removed.",
      'cluster-wide-drain':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}, and the drain evicts them: until a replacement is Ready on another node, every request it intercepts ({{intercepts}}) is refused cluster-wide. None of the pods this drain recreates is in its scope.',
      'may-refuse':
        "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}) on {{node}}; whether it intercepts the drain's replacement pods ({{pods}}) is not known (matchConditions, or namespaces not read). If it does, they are refused until a backend is Ready again.",
      'cluster-wide':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}: while they are down, every request it intercepts ({{intercepts}}) is refused cluster-wide. None of the pods this drain recreates is in its scope.',
      'cluster-wide-down':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has no ready backend now ({{service}}): every request it intercepts ({{intercepts}}) is already refused cluster-wide.',
      ignore:
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Ignore) has every backend ({{service}}) on {{node}}: while they are down its checks are skipped, and the requests it intercepts ({{intercepts}}) are admitted unchecked.',
      'backends-unseen':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail): where its backends ({{service}}) run was not seen (its EndpointSlices were not read, or name no node), so whether the API server refuses the requests it intercepts ({{intercepts}}) while {{node}} is down is unknown.',
      'backends-unlisted-node':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail): its backends ({{service}}) run on {{backendNodes}}, which the node list does not hold, so whether they keep answering while {{node}} is down, and so whether the API server refuses the requests it intercepts ({{intercepts}}), is unknown.',
      url: "Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) is called at a URL outside the cluster's Services: whether it answers while {{node}} is down is not known. It intercepts the drain's replacement pods ({{pods}}).",
      'status-down':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has no ready backend ({{service}}): every request it intercepts ({{intercepts}}) is refused now.',
      'status-one-node':
        'Admission webhook {{webhook}} ({{kind}} {{configuration}}, failurePolicy Fail) has every backend ({{service}}, {{backends}} ready) on {{node}}: while {{node}} is down, every request it intercepts ({{intercepts}}) is refused.',
    },
    'aggregated-api': {
      'here-metrics':
        'APIService {{apiService}} (metrics-server behind {{service}}) has every backend on {{node}}: while it is down the resource metrics API is unavailable: HorizontalPodAutoscalers stop scaling, kubectl top fails, and namespaces being deleted stay Terminating (the namespace controller cannot list every API).',
      'here-custom-metrics':
        'APIService {{apiService}} ({{group}} behind {{service}}) has every backend on {{node}}: while it is down HorizontalPodAutoscalers on custom or external metrics stop scaling, and namespaces being deleted stay Terminating (the namespace controller cannot list every API).',
      here: 'APIService {{apiService}} ({{group}} behind {{service}}) has every backend on {{node}}: while it is down that API is unavailable, discovery is incomplete, and namespaces being deleted stay Terminating (the namespace controller cannot list every API).',
      'not-available':
        'APIService {{apiService}} ({{group}} behind {{service}}) is not Available now ({{reason}}), whether {{node}} runs or not; namespaces being deleted stay Terminating until it is back.',
      'status-not-available':
        'APIService {{apiService}} ({{group}} behind {{service}}) is not Available ({{reason}}, {{backends}} ready backends): that API fails, and a namespace deleted now stays Terminating until it is back.',
      'status-namespaces-stuck':
        'APIService {{apiService}} ({{group}} behind {{service}}) is not Available ({{reason}}, {{backends}} ready backends), and namespaces are stuck Terminating behind it: {{terminating}}. The namespace controller cannot list every API, so their deletion waits until it is back.',
      'status-one-node':
        'APIService {{apiService}} ({{group}} behind {{service}}) has every backend on {{node}}: while {{node}} is down that API is unavailable.',
    },
  },
  advice: {
    'admission-webhook': {
      'refuses-drain':
        "Before the drain, give {{service}} a replica on another node (more replicas spread over nodes, with a PodDisruptionBudget), or exempt the namespaces of the moved pods with the webhook's namespaceSelector.",
      'refuses-drain-own':
        "Before the drain, give {{service}} a replica on another node (more replicas spread over nodes, with a PodDisruptionBudget), and exempt its own namespace with the webhook's namespaceSelector so its replacement can always start.",
      'refuses-drain-down':
        "Bring a backend of {{service}} back first (or exempt its namespace with the webhook's namespaceSelector); until then no pod it covers can be created.",
      'cluster-wide':
        'Give {{service}} a replica on another node first (more replicas spread over nodes) so what it intercepts keeps working while {{node}} is down.',
      'may-refuse':
        'Give {{service}} a replica on another node first (more replicas spread over nodes), or check its matchConditions against the moved pods.',
    },
    'aggregated-api': {
      'here-metrics':
        'Give {{service}} a second replica on another node first (metrics-server supports high availability with 2 replicas and a PodDisruptionBudget).',
      'here-custom-metrics': 'Give {{service}} a replica on another node first.',
      here: 'Give {{service}} a replica on another node first.',
      'status-namespaces-stuck':
        'Bring {{service}} back (or delete APIService {{apiService}} if the API is no longer used); the namespaces then finish deleting.',
    },
  },
};
