/**
 * English texts of the checks added by issue 16 ("verdict truth beyond the first checklist"),
 * merged into `checks` and `advice` of ./en.ts by ../i18n.ts. Sources are named at each check
 * (src/analysis/volume-checks.ts, traffic-checks.ts, budget-checks.ts).
 */
export const enVerdict = {
  checks: {
    'pinned-volumes': {
      'others-serve':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its other Ready replicas ({{readyElsewhere}}).',
      'others-serve_one':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, until {{node}} is back and uncordoned. {{workload}} keeps serving from its one other Ready replica.',
      'last-replica':
        '{{pod}} uses a volume only {{node}} can mount ({{provisioner}}: {{volumes}}): it stays Pending ("volume node affinity conflict") for the whole reboot, and no other Ready replica of {{workload}} serves meanwhile: it is down until {{node}} is back and uncordoned.',
      unknown: 'Pods on {{node}} use claims whose volumes are not in the snapshot ({{pods}}): whether a volume pins them to {{node}} is unknown, not judged.',
    },
  },
  advice: {
    'pinned-volumes': {
      'others-serve': 'Expect {{pod}} to stay Pending until {{node}} is back; uncordon {{node}} right after the reboot so it can start again.',
      'last-replica': 'Plan downtime for {{workload}} (its data lives on {{node}} only), or move it to replicated storage first; uncordon {{node}} right after the reboot.',
    },
  },
};
