/**
 * English texts of the daily HA report, under `report`: the headline, one line per
 * item (`item.<kind>.<variant>`), what renews a certificate, and what changed since the last report.
 */
export const enReport = {
  title: 'Daily HA report of {{cluster}}',
  titleOnDemand: 'HA report of {{cluster}}',
  ok: 'OK: nothing on {{cluster}} needs attention.',
  attention: '{{count}} things on {{cluster}} need attention{{urgent}}.',
  attentionOne: '1 thing on {{cluster}} needs attention{{urgent}}.',
  urgent: ' ({{count}} urgent)',
  itemsHeading: 'Needs attention, most urgent first',
  changesHeading: 'Since the last report',
  firstReport: 'First report: nothing to compare with yet.',
  noChanges: 'Nothing new, nothing cleared.',
  onDemand: 'On demand: churn is counted from the daily report only.',
  newItems: 'New since the last report: {{numbers}}.',
  cleared: 'Cleared: {{line}}',
  created:
    'Scheduled {{id}}: the daily HA report of {{cluster}} every day at {{time}} ({{timeZone}}) in this channel.',
  replaced:
    'Updated {{id}}: the daily HA report of {{cluster}} every day at {{time}} ({{timeZone}}) in this channel (still one schedule).',
  listTag: ', report{{quietHours}}',
  invalidQuietHours:
    'Not quiet hours: {{value}}. Use HH:MM-HH:MM (24-hour), e.g. quiet hours 22:00-07:00. Nothing was scheduled.',
  quietHours: '(posted in quiet hours: something is urgent)',
  age: { days: '{{count}} days', day: '1 day', hours: '{{count}} h', minutes: '{{count}} min' },
  renew: {
    kubeadm:
      'Renew: `kubeadm certs renew all` on each control-plane node, then restart its control-plane static pods.',
    distribution:
      'The distribution rotates it (k3s and RKE2 on a server restart within 90 days of expiry): restart the server if it does not.',
    managed: 'The provider rotates it: nothing to do but check with the provider if it does not change soon.',
    unknown: 'Renew it with the tool that installed the cluster (the data shows no distribution mark).',
    kubeconfig: 'Ask for a new client certificate for the bot and update its kubeconfig.',
  },
  item: {
    certificate: {
      apiserver: 'API server certificate at {{endpoint}} expires in {{days}} days ({{date}}). {{renew}}',
      'apiserver-expired':
        'API server certificate at {{endpoint}} EXPIRED {{daysAgo}} days ago ({{date}}). {{renew}}',
      etcd: 'etcd member {{member}} certificate ({{endpoint}}) expires in {{days}} days ({{date}}). {{renew}}',
      'etcd-expired':
        'etcd member {{member}} certificate ({{endpoint}}) EXPIRED {{daysAgo}} days ago ({{date}}). {{renew}}',
      'kubeconfig-client':
        "The bot's own kubeconfig client certificate expires in {{days}} days ({{date}}). {{renew}}",
      'kubeconfig-client-expired':
        "The bot's own kubeconfig client certificate EXPIRED {{daysAgo}} days ago ({{date}}). {{renew}}",
    },
    'lock-stale': {
      'kured-gone':
        'kured lock on {{daemonset}} is held by {{holder}}, a node that no longer exists: no node reboots until it is released (remove the weave.works/kured-node-lock annotation).',
      'kured-old':
        'kured lock on {{daemonset}} has been held by {{holder}} for {{age}}: finish or undo that reboot, or release the lock.',
      'bot-ended':
        'Maintenance lock {{lease}} is still held by {{holder}}, a request that has ended: no other maintenance can start until it expires or is released.',
      'bot-expired':
        'Maintenance lock {{lease}} of {{holder}} expired {{age}} ago without being released: its worker died mid-maintenance; check node {{node}}.',
    },
    'forecast-mismatch': {
      fate: 'Maintenance {{requestId}} of {{node}}: the bot forecast {{pod}} {{forecast}}, it was {{observed}} ({{detail}}). Distrust this part of its answers here; `report mismatch {{requestId}}` makes a file for an issue.',
      blocker:
        'Maintenance {{requestId}} of {{node}}: the bot forecast {{pod}} {{forecast}}, it was {{observed}} ({{detail}}). Distrust its budget forecasts here; `report mismatch {{requestId}}` makes a file for an issue.',
    },
    'node-not-ready': {
      plain: 'Node {{node}} has been NotReady for {{age}}: check its kubelet, or remove the node.',
    },
    'pdb-stuck': {
      unhealthy:
        'PDB {{pdb}} has allowed no disruption for {{age}} ({{healthy}}/{{expected}} healthy, {{desired}} needed), kept there by {{pods}}: every drain of their nodes will hang.',
      'all-needed':
        'PDB {{pdb}} has allowed no disruption for {{age}}: all {{expected}} pods must stay ({{pods}}); add a replica or lower minAvailable, or every drain of their nodes will hang.',
      'no-pods': 'PDB {{pdb}} has allowed no disruption for {{age}}: it selects no pod; fix or delete it.',
    },
    'node-cordoned': {
      by: 'Node {{node}} has been cordoned for {{age}} (by {{by}}): uncordon it or finish its maintenance.',
      plain: 'Node {{node}} has been cordoned for {{age}}: uncordon it or finish its maintenance.',
    },
    'pod-terminating': {
      plain:
        'Pod {{pod}} has been Terminating for {{age}} (grace {{grace}} s) on {{node}}: its node or a finalizer is holding it.',
    },
    'lease-churn': {
      plain:
        'Leader Lease {{lease}} changed hands {{moves}} times in {{hours}} h: the control plane is flapping (check apiserver and etcd latency).',
    },
    'etcd-leader-changes': {
      plain:
        'etcd elected a new leader {{changes}} times in {{hours}} h (raft term {{term}}): check disk and network latency of the members.',
    },
    'etcd-db-size': {
      plain:
        'etcd database is at {{mib}} MiB of its {{quotaMib}} MiB quota ({{percent}}%): compact and defragment before writes stop.',
      growing:
        'etcd database is at {{mib}} MiB of its {{quotaMib}} MiB quota ({{percent}}%), growing {{growthMibPerDay}} MiB a day: compact and defragment before writes stop.',
    },
    'version-skew': {
      'kubelet-too-old':
        'Kubelet on {{node}} is {{kubelet}}, {{behind}} minor versions behind kube-apiserver {{apiserver}} (at most {{allowed}} supported): upgrade it.',
      'kubelet-newer':
        'Kubelet on {{node}} ({{kubelet}}) is newer than kube-apiserver {{apiserver}}, which is not supported: upgrade the control plane first.',
    },
  },
};
