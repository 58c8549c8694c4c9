/**
 * Korean texts of the checks added by issue 16, merged into `checks` and `advice` of ./ko.ts by
 * ../i18n.ts (same keys as ./en-verdict.ts).
 */
export const koVerdict = {
  checks: {
    'pinned-volumes': {
      'others-serve':
        '{{pod}}(은)는 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내, {{node}}(이)가 돌아와 uncordon될 때까지 Pending("volume node affinity conflict")으로 남습니다. {{workload}}(은)는 다른 Ready 복제본({{readyElsewhere}}개)으로 계속 서비스합니다.',
      'last-replica':
        '{{pod}}(은)는 {{node}}에서만 마운트할 수 있는 볼륨({{provisioner}}: {{volumes}})을 씁니다: 재부팅 내내 Pending("volume node affinity conflict")으로 남고, 그동안 {{workload}}의 다른 Ready 복제본이 없습니다: {{node}}(이)가 돌아와 uncordon될 때까지 중단됩니다.',
      unknown: '{{node}}의 파드가 스냅샷에 없는 볼륨의 클레임을 씁니다({{pods}}): 볼륨이 {{node}}에 묶이는지는 알 수 없어 판단하지 않았습니다.',
    },
  },
  advice: {
    'pinned-volumes': {
      'others-serve': '{{pod}}(은)는 {{node}}(이)가 돌아올 때까지 Pending입니다. 재부팅 직후 {{node}}(을)를 uncordon해 다시 시작되게 하세요.',
      'last-replica': '{{workload}}의 중단 시간을 계획하거나(데이터가 {{node}}에만 있음) 먼저 복제되는 스토리지로 옮기세요. 재부팅 직후 {{node}}(을)를 uncordon하세요.',
    },
  },
};
