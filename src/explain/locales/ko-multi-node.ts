/**
 * 여러 노드에 대한 질문(이슈 17)의 한국어 답변 텍스트, `multiNode` 아래: 함께 내려갈 때의 합동 분석과
 * 하나씩 진행하는 롤링 계획.
 */
import type { PluralOptional } from './en.js';
import type { enMultiNode } from './en-multi-node.js';

export const koMultiNode: PluralOptional<typeof enMultiNode> = {
  title: '여러 노드 ({{mode}}): {{nodes}}',
  mode: { together: '동시에', 'one-by-one': '하나씩' },
  action: { reboot: '재부팅', drain: '드레인', upgrade: '업그레이드', 'node-down': '장애' },
  summary: {
    together: {
      safe: '{{nodes}}(을)를 동시에 {{action}}해도 안전합니다: {{reason}}',
      caution: '{{nodes}}(을)를 동시에 {{action}}할 수는 있지만 주의가 필요합니다: {{reason}}',
      unsafe: '{{nodes}}(을)를 동시에 {{action}}하면 안전하지 않습니다: {{reason}}',
    },
    // 장애는 동사가 아님 ("장애하다"는 없음): 노드가 다운되는 경우의 문장 (reader3 4.1)
    togetherDown: {
      safe: '{{nodes}}(이)가 동시에 다운되어도 안전합니다: {{reason}}',
      caution: '{{nodes}}(이)가 동시에 다운되어도 클러스터는 계속 동작하지만 주의가 필요합니다: {{reason}}',
      unsafe: '{{nodes}}(이)가 동시에 다운되면 안전하지 않습니다: {{reason}}',
    },
    safeReasonDown: '{{control}}, 노드와 함께 잃는 파드는 다른 노드에 자리가 있습니다.',
    safeReason: '{{control}}, 축출되는 파드는 모두 PodDisruptionBudget 안에서 다른 노드에 자리가 있습니다.',
    safeControl: {
      kept: 'etcd 쿼럼이 유지되고, 컨트롤 플레인 구성 요소마다 리더가 남으며',
      untouched: '이 노드들에서 내려가는 etcd 멤버나 컨트롤 플레인 구성 요소가 없고',
      managed: '컨트롤 플레인은 클라우드 제공자의 것이며 etcd를 여기서 볼 수 없어 쿼럼은 판단하지 않았고',
    },
    plan: {
      possible:
        '하나씩 {{count}}단계로 가능합니다: {{order}}. 가장 위험한 단계는 {{risky}}단계({{riskyNodes}})입니다.',
      partial:
        '지금은 일부만 가능합니다: {{order}}. 다음 노드는 지금 단독으로도 안전하지 않아 계획에서 뺐습니다: {{excluded}}.',
      none: '{{nodes}} 중 지금 내릴 수 있는 노드가 없습니다. 각 노드가 단독으로도 안전하지 않습니다.',
    },
  },
  heading: {
    joint: '모두 동시에 내려갈 때',
    alone: '노드별 단독 분석',
    plan: '계획 (각 단계는 이전 단계가 완전히 돌아온 뒤에 시작)',
    excluded: '계획에서 뺀 노드',
    order: '이 순서인 이유',
  },
  aloneLine: '{{node}} 단독: {{verdict}}',
  aloneNote:
    '하나씩은 괜찮은 노드들도 함께 내려가면 etcd 쿼럼을 잃거나 PodDisruptionBudget이 허용하는 중단 수를 넘을 수 있습니다. 판단은 위에서 노드들을 함께 분석한 결과를 따릅니다.',
  aloneNoteNoEtcd:
    '하나씩은 괜찮은 노드들도 함께 내려가면 PodDisruptionBudget을 넘거나, 워크로드의 레플리카를 모두 내리거나, 자리가 모자랄 수 있습니다. 판단은 위에서 노드들을 함께 분석한 결과를 따릅니다.',
  aloneNoteDrain:
    '하나씩 드레인하면 괜찮은 노드들도 함께 드레인하면 PodDisruptionBudget을 넘거나, 워크로드의 레플리카를 모두 축출하거나, 자리가 모자랄 수 있습니다. 판단은 위에서 노드들을 함께 분석한 결과를 따릅니다.',
  step: '{{index}}단계: {{nodes}} [{{verdict}}]{{risky}}{{concern}} 다음 단계 전에 기다릴 것: {{waits}}.',
  riskyMark: ' (가장 위험한 단계)',
  stepConcern: ': {{concern}}.',
  stepNoConcern: '.',
  wait: {
    'node-ready': '{{node}} Ready 및 uncordon',
    'etcd-member-healthy':
      'etcd 멤버 {{member}} 정상 (클러스터용 etcdctl이 설정된 상태에서 etcdctl endpoint health)',
    'pdb-allows': 'PodDisruptionBudget {{namespace}}/{{pdb}}의 허용 중단 수가 다시 {{disruptionsAllowed}}',
  },
  excludedLine: '{{node}} [지금은 단독으로도 안전하지 않음]: {{reason}}',
  excludedNoReason: '{{node}} [지금은 단독으로도 안전하지 않음]: 자세한 내용은 이 노드만 따로 물어 주세요.',
  orderWhy: {
    control:
      '컨트롤 플레인 노드는 한 번에 하나씩 진행해 etcd 투표 멤버가 동시에 둘 이상 내려가지 않게 합니다(쿼럼 = 투표 멤버 floor(n/2)+1). 투표권이 없는 멤버를 먼저, etcd 리더({{leader}})는 마지막에 진행해 리더 역할이 단계마다가 아니라 한 번만 옮겨 가게 합니다.',
    'control-no-leader':
      '컨트롤 플레인 노드는 한 번에 하나씩 진행해 etcd 투표 멤버가 동시에 둘 이상 내려가지 않게 합니다(쿼럼 = 투표 멤버 floor(n/2)+1). 투표권이 없는 멤버를 먼저 진행합니다.',
    workers:
      '워커 노드는 컨트롤 플레인 다음에 한 번에 최대 {{batch}}대씩 진행합니다. 모든 PodDisruptionBudget이 허용하고 축출된 파드가 들어갈 자리가 남을 때만 한 번에 진행하는 대수를 늘립니다.',
  },
  askOneByOne: '쿼럼과 모든 PodDisruptionBudget을 지키는 순서는 "{{example}}"(이)라고 물어보세요.',
  askOneByOneDrain: '모든 PodDisruptionBudget을 지키는 순서는 "{{example}}"(이)라고 물어보세요.',
  askTogether: '모두 동시에 내려갈 때의 영향은 "{{example}}"(이)라고 물어보세요.',
  tooMany: '노드 {{count}}대 중 처음 {{shown}}대만 분석했습니다. 나머지는 따로 물어 주세요.',
  unknown: '{{cluster}}에 {{names}}(이)라는 노드가 없어 아무것도 분석하지 않았습니다. 노드 목록: {{all}}.',
  emptyGroup: '{{cluster}} 클러스터에는 {{group}}에 해당하는 노드가 없습니다. 노드 목록: {{all}}.',
  group: {
    workers: '워커 노드',
    'control-plane': '컨트롤 플레인 노드',
    all: '전체 노드',
    zone: '{{zone}} 존',
    selector: '{{selector}} 레이블 노드',
    badSelector: '레이블 셀렉터 {{selector}}(을)를 읽을 수 없습니다. 아무것도 확인하지 않았습니다.',
  },
  checks: {
    'etcd-quorum-after': {
      'joint-lost':
        'etcd 쿼럼 상실: {{nodes}}(이)가 내려가면 투표 멤버 {{voters}}대 중 {{after}}대만 정상으로 남아 쿼럼 {{quorum}}보다 적습니다. 클러스터 전체의 쓰기가 멈춥니다: 멤버가 돌아올 때까지 kubectl 변경, 스케줄링, 복구가 모두 불가능합니다.',
      'joint-lost-none':
        'etcd 쿼럼 상실: {{nodes}}(이)가 내려가면 투표 멤버 {{voters}}대 중 정상으로 남는 멤버가 하나도 없습니다 (쿼럼 {{quorum}}). 클러스터 전체의 쓰기가 멈춥니다: 멤버가 돌아올 때까지 kubectl 변경, 스케줄링, 복구가 모두 불가능합니다.',
      'joint-lost-single':
        'etcd 쿼럼 상실: 유일한 etcd 멤버가 {{nodes}}에 있어, 내려가면 남는 멤버가 없습니다. 클러스터 전체의 쓰기가 멈춥니다: 멤버가 돌아올 때까지 kubectl 변경, 스케줄링, 복구가 모두 불가능합니다.',
      'joint-lost-unseen':
        'etcd 쿼럼 상실: {{nodes}}(이)가 내려가면 상태를 보지 못한 멤버가 모두 살아 있어도 투표 멤버 {{voters}}대 중 많아야 {{atMost}}대만 남아 쿼럼 {{quorum}}보다 적습니다 (남는 etcd 멤버 {{unknown}}대의 상태는 보지 못했습니다: etcd status도 etcd 파드도 데이터에 없음){{downText}}. 클러스터 전체의 쓰기가 멈춥니다: 멤버가 돌아올 때까지 kubectl 변경, 스케줄링, 복구가 모두 불가능합니다.',
      'joint-unknown':
        '{{nodes}}(이)가 내려간 뒤의 etcd 쿼럼은 알 수 없습니다: 투표 멤버 {{voters}}대(쿼럼 {{quorum}}, 노드로부터 추정) 중 남는 etcd 멤버 {{unknown}}대의 상태는 보지 못했습니다 (etcd status도 etcd 파드도 데이터에 없음){{downText}}. {{nodes}}(을)를 내리기 전에 etcd 멤버 상태를 확인하세요.',
      'joint-kept-no-spare':
        'etcd 쿼럼은 유지되지만 여유가 없습니다: 투표 멤버 {{voters}}대 중 {{after}}대가 남아 쿼럼 {{quorum}}(과)와 같습니다. 그동안 하나라도 더 장애가 나면 모든 쓰기가 멈춥니다.',
      'joint-kept':
        'etcd 쿼럼 유지: 투표 멤버 {{voters}}대 중 {{after}}대가 정상으로 남습니다(쿼럼 {{quorum}}).',
      'joint-learners-only':
        '{{nodes}}에는 etcd 러너(learner)만 있습니다. 러너는 투표하지 않으므로 쿼럼에 영향이 없습니다.',
    },
    'control-plane-count': {
      'joint-none-left':
        'Ready 상태인 컨트롤 플레인 노드가 하나도 남지 않습니다: 내려가 있는 동안 API, 스케줄링, 자동 복구가 모두 멈춥니다(실행 중인 파드는 계속 동작).',
      'joint-redundant': 'Ready로 남는 컨트롤 플레인 노드: {{left}}.',
    },
    'apiserver-redundancy': {
      'joint-none-left':
        'API 서버가 하나도 남지 않습니다: 하나가 돌아올 때까지 모든 kubectl 명령과 API 호출이 실패합니다.',
      'joint-capacity': 'API 서버가 {{before}}대에서 {{after}}대로 줄어듭니다({{others}}(이)가 계속 처리).',
      'joint-already-down':
        '{{nodes}}의 API 서버는 이미 내려가 있습니다: 줄어드는 API 용량이 없습니다({{others}}(이)가 계속 처리).',
      'joint-already-down-no-quorum':
        '{{nodes}}의 API 서버는 이미 내려가 있고, etcd 쿼럼이 없으면 남은 API 서버({{others}})도 쓰기와 일관된 읽기를 할 수 없습니다: 쿼럼이 돌아올 때까지 클라이언트는 오류를 받습니다.',
      'joint-capacity-no-quorum':
        'API 서버가 {{before}}대에서 {{after}}대로 줄어들고, etcd 쿼럼이 없으면 남은 API 서버({{others}})도 쓰기와 일관된 읽기를 할 수 없습니다: 쿼럼이 돌아올 때까지 클라이언트는 오류를 받습니다.',
    },
    leader: {
      'joint-missing': '{{lease}} 리더 Lease가 없습니다: 누가 리더인지 확인할 수 없습니다.',
      'joint-stale':
        '{{lease}} 리더 Lease가 이미 갱신되지 않고 있습니다(보유: {{holder}}): 지금 동작하는 리더가 없습니다.',
      'joint-no-standby':
        '{{holder}}(이)가 {{lease}} Lease를 보유하고 있고 남는 인스턴스가 없습니다: 하나가 돌아올 때까지 {{lease}}(이)가 멈춥니다.',
      'joint-held-here':
        '{{holder}}(이)가 {{lease}} Lease를 보유하고 있습니다: 약 {{leaseDurationSeconds}}초 뒤 대기 인스턴스({{standbys}})(이)가 이어받습니다.',
      'joint-held-here-no-quorum':
        '{{holder}}(이)가 {{lease}} Lease를 보유하고 있습니다. 쿼럼이 없으면 Lease를 쓸 수 없어 대기 인스턴스({{standbys}})(이)가 이어받지 못합니다: 쿼럼이 돌아올 때까지 {{lease}}(이)가 멈춥니다.',
      'joint-held-here-writes-blocked':
        '{{holder}}(이)가 {{lease}} Lease를 보유하고 있습니다. etcd가 쓰기를 거부하는 동안에는 Lease를 쓸 수 없어 대기 인스턴스({{standbys}})(이)가 이어받지 못합니다: 알람이 해제될 때까지 {{lease}}(이)가 멈춥니다.',
      'joint-held-elsewhere': '{{lease}} 리더({{holder}})는 이 노드들에 없습니다.',
    },
    'control-plane-endpoint': {
      'joint-vip-moves':
        '{{holder}}(이)가 컨트롤 플레인 VIP(kube-vip)를 보유하고 있습니다: VIP가 옮겨 가는 동안 API 클라이언트가 잠시 끊깁니다.',
      'joint-vip-moves-no-quorum':
        '{{holder}}(이)가 컨트롤 플레인 VIP(kube-vip)를 보유하고 있고, kube-vip는 Lease(plndr-cp-lock)를 apiserver를 통해 써서 다음 보유자를 뽑습니다: etcd 쿼럼이 없으면 VIP가 옮겨 가지 않아, VIP를 쓰는 클라이언트는 쿼럼이 돌아올 때까지 API 엔드포인트를 잃습니다.',
      'joint-vip-moves-writes-blocked':
        '{{holder}}(이)가 컨트롤 플레인 VIP(kube-vip)를 보유하고 있고, kube-vip는 Lease(plndr-cp-lock)를 apiserver를 통해 써서 다음 보유자를 뽑습니다: etcd가 쓰기를 거부하는 동안 VIP가 옮겨 가지 않아, VIP를 쓰는 클라이언트는 {{holder}}(이)가 돌아올 때까지 API 엔드포인트를 잃습니다.',
      'joint-vip-none-left':
        'kube-vip가 도는 노드({{vipNodes}})가 모두 이 노드들에 포함됩니다: 컨트롤 플레인 VIP가 옮겨 갈 곳이 없습니다.',
    },
    'pdb-blocks': {
      'joint-quorum-guard-exceeds':
        'OpenShift etcd quorum guard({{namespace}}/{{pdb}} PodDisruptionBudget, 컨트롤 플레인 노드마다 파드 하나)는 컨트롤 플레인 노드 {{disruptionsAllowed}}대까지 중단을 허용하는데(정상 {{currentHealthy}}, 필요 {{desiredHealthy}}: 이 PDB 자체의 집계), {{nodes}}(을)를 함께 드레인하면 guard 파드 {{guardPods}}개가 축출됩니다. 축출된 guard 파드는 다른 컨트롤 플레인 노드에서 실행되지 않으므로, 다음 컨트롤 플레인 노드의 드레인은 첫 컨트롤 플레인 노드가 돌아와 uncordon되고 그 guard 파드가 Ready가 될 때까지 기다립니다: guard는 컨트롤 플레인 노드를 한 대씩 내려 etcd 쿼럼을 지키기 위해 있습니다.',
      'joint-quorum-guard-allows':
        'OpenShift etcd quorum guard({{namespace}}/{{pdb}} PodDisruptionBudget)는 이 드레인들이 축출하는 guard 파드 {{guardPods}}개에 대해 컨트롤 플레인 노드 {{disruptionsAllowed}}대까지 중단을 허용합니다.',
      'joint-max-unavailable-zero':
        'PodDisruptionBudget {{namespace}}/{{pdb}}의 maxUnavailable이 0입니다: 이 노드들의 파드 {{podsOnTargets}}개는 절대 축출되지 않아 드레인이 끝나지 않습니다.',
      'joint-min-available-all':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 모든 파드가 가용해야 합니다(minAvailable {{minAvailable}}): 이 노드들의 파드 {{podsOnTargets}}개는 축출될 수 없어 드레인이 끝나지 않습니다.',
      'joint-no-disruptions':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 지금 중단을 허용하지 않습니다(disruptionsAllowed 0): 이 노드들의 파드 {{podsOnTargets}}개를 축출할 수 없습니다.',
      'joint-exceeds-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 이 노드들을 함께 내리려면 축출 {{podsOnTargets}}건이 필요한데 허용은 {{disruptionsAllowed}}건이고, 축출된 파드가 실행될 다른 노드가 없어 PDB의 허용 중단이 다시 생기지 않습니다: 드레인이 끝나지 않습니다.',
      'joint-exceeds':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 이 노드들을 함께 내리려면 축출 {{podsOnTargets}}건이 필요한데 허용은 {{disruptionsAllowed}}건입니다: 나머지는 축출된 파드가 다른 노드에서 다시 실행될 때까지 기다립니다(HTTP 429). 그 전에는 노드를 모두 동시에 내릴 수 없습니다.',
      'joint-exceeds-stuck-one-node':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 파드 {{podsOnTargets}}개가 노드 {{nodes}}에 있는데 허용은 {{disruptionsAllowed}}건이고, 축출된 파드가 실행될 다른 노드가 없어 PDB의 허용 중단이 다시 생기지 않습니다: 드레인이 끝나지 않습니다.',
      'joint-exceeds-one-node':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 파드 {{podsOnTargets}}개가 노드 {{nodes}}에 있는데 허용은 {{disruptionsAllowed}}건입니다: 드레인은 {{disruptionsAllowed}}개를 축출하고, 나머지는 축출된 파드가 다른 노드에서 다시 실행될 때까지 기다립니다(HTTP 429).',
      'joint-exceeds-involuntary':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 파드 {{podsOnTargets}}개가 이 노드들에 있고 허용 중단은 {{disruptionsAllowed}}건입니다. 노드 장애는 PDB로 막을 수 없어, 다시 스케줄될 때까지 워크로드가 PDB의 최소 가용 수보다 적게 동작합니다.',
      'joint-exceeds-involuntary-stuck':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 파드 {{podsOnTargets}}개가 이 노드들에 있고 허용 중단은 {{disruptionsAllowed}}건입니다. 노드 장애는 PDB로 막을 수 없고, 이 파드 중 일부는 다른 곳에서 실행될 수 없어(자기 노드에 고정되었거나 자리가 없음) 그 노드들이 돌아올 때까지 워크로드가 PDB의 최소 가용 수보다 적게 동작합니다.',
      'joint-exceeds-involuntary-no-quorum':
        'PodDisruptionBudget {{namespace}}/{{pdb}}: 파드 {{podsOnTargets}}개가 이 노드들에 있고 허용 중단은 {{disruptionsAllowed}}건입니다. 노드 장애는 PDB로 막을 수 없고, 쿼럼이 없으면 아무것도 다시 스케줄되지 않아 쿼럼이 돌아올 때까지 워크로드가 PDB의 최소 가용 수보다 적게 동작합니다.',
      'joint-allows':
        'PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 이 노드들의 파드 {{podsOnTargets}}개에 대해 중단 {{disruptionsAllowed}}건을 허용합니다.',
    },
    'single-replica': {
      'joint-single':
        '{{kind}} {{namespace}}/{{workload}}(은)는 레플리카가 하나뿐입니다({{nodes}}): 다시 스케줄되어 Ready가 될 때까지 중단됩니다.',
      'joint-all-here':
        '{{kind}} {{namespace}}/{{workload}}의 레플리카 {{here}}개가 모두 {{nodes}}에 있습니다: 다시 스케줄되어 Ready가 될 때까지 중단됩니다.',
      'joint-quorum-lost':
        '{{kind}} {{namespace}}/{{workload}}({{system}})(은)는 자체 쿼럼으로 동작합니다: 레플리카 {{replicas}}개 중 과반({{quorum}}개)이 필요한데 다른 노드에서 Ready인 것은 {{readyElsewhere}}개뿐이라, {{nodes}}의 파드가 돌아올 때까지 쿼럼을 잃고 서비스가 멈춥니다.',
      'joint-none-ready-elsewhere':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 파드 {{here}}개가 있고 다른 노드에 Ready 레플리카가 없습니다: 다시 스케줄되어 Ready가 될 때까지 중단됩니다.',
      'joint-spread':
        '{{kind}} {{namespace}}/{{workload}}(은)는 다른 노드에 Ready 레플리카 {{readyElsewhere}}개가 남습니다.',
      // 사라진 노드 (fate `lost`, joint-impact.ts): 아무도 cordon하지 않았고, 고정된 파드는 자기 노드가 돌아올 때까지 다운입니다.
      'joint-pinned-down-lost':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 고정되어 있습니다(데이터, hostname 노드 셀렉터 또는 Rook mon/OSD가 그 노드에 있음): 다른 노드로 재스케줄되지 않고, 자기 노드가 돌아올 때까지 다운됩니다.',
      'joint-pinned-spread-lost':
        '{{kind}} {{namespace}}/{{workload}}(은)는 다른 노드에 Ready 레플리카 {{readyElsewhere}}개가 남습니다. {{nodes}}의 파드는 그 노드에 고정되어 있어 그 노드가 돌아올 때까지 다운입니다.',
      'joint-pinned-down':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 고정되어 있습니다(데이터, hostname 노드 셀렉터 또는 Rook mon/OSD가 그 노드에 있음): 다른 노드로 재스케줄되지 않고, 자기 노드에서 다시 시작할 수 있을 때까지(노드 복귀와 uncordon) 다운됩니다.',
      'joint-pinned-spread':
        '{{kind}} {{namespace}}/{{workload}}(은)는 다른 노드에 Ready 레플리카 {{readyElsewhere}}개가 남습니다. {{nodes}}의 파드는 그 노드에 고정되어 있어 그 노드에서 다시 시작할 수 있을 때까지(노드 복귀와 uncordon) Pending으로 남습니다.',
      'joint-statefulset-down':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}} 밖에 Ready 레플리카가 없고, 잃은 노드의 StatefulSet 파드는 다른 곳에서 다시 만들어지지 않습니다(Terminating으로 남음): 노드가 돌아오거나, 노드가 확실히 꺼진 뒤 그 파드를 강제 삭제하거나, 노드에 node.kubernetes.io/out-of-service taint를 줄 때까지 다운됩니다.',
      'joint-statefulset-spread':
        '{{kind}} {{namespace}}/{{workload}}(은)는 다른 노드에 Ready 레플리카({{readyElsewhere}}개)가 있습니다. {{nodes}}의 파드는 노드가 돌아오거나, 노드가 확실히 꺼진 뒤 강제 삭제되거나, 노드에 node.kubernetes.io/out-of-service taint를 줄 때까지 다른 곳에서 다시 만들어지지 않습니다(Terminating으로 남음).',
      // 다른 곳에서 실행될 수 없음 (fact `nowhere`, issue 16, reader6 B4, B18).
      'joint-single-every-node':
        '{{kind}} {{namespace}}/{{workload}}(은)는 레플리카가 하나뿐이고({{nodes}}) 그것을 실행할 다른 노드가 남아 있지 않습니다: 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-single-no-room':
        '{{kind}} {{namespace}}/{{workload}}(은)는 레플리카가 하나뿐이고({{nodes}}) 남은 노드 어디에도 들어갈 자리가 없습니다: 자리가 생기거나 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-all-here-every-node':
        '{{kind}} {{namespace}}/{{workload}}의 레플리카 {{here}}개가 모두 {{nodes}}에 있고 실행할 다른 노드가 남아 있지 않습니다: 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-all-here-no-room':
        '{{kind}} {{namespace}}/{{workload}}의 레플리카 {{here}}개가 모두 {{nodes}}에 있고 남은 노드 어디에도 들어갈 자리가 없습니다: 자리가 생기거나 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-none-ready-elsewhere-every-node':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 파드 {{here}}개가 있고 다른 노드에 Ready 레플리카가 없으며 실행할 다른 노드도 남아 있지 않습니다: 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-none-ready-elsewhere-no-room':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 파드 {{here}}개가 있고 다른 노드에 Ready 레플리카가 없으며 남은 노드 어디에도 들어갈 자리가 없습니다: 자리가 생기거나 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 중단됩니다.',
      'joint-dns-single-every-node':
        '클러스터 DNS 레플리카({{workload}}) 하나뿐인 것이 {{nodes}}에 있고 실행할 다른 노드가 남아 있지 않습니다: 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-single-no-room':
        '클러스터 DNS 레플리카({{workload}}) 하나뿐인 것이 {{nodes}}에 있고 남은 노드 어디에도 들어갈 자리가 없습니다: 자리가 생기거나 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-all-here-every-node':
        '클러스터 DNS 레플리카({{workload}}, {{here}}개)가 모두 {{nodes}}에 있고 실행할 다른 노드가 남아 있지 않습니다: 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-all-here-no-room':
        '클러스터 DNS 레플리카({{workload}}, {{here}}개)가 모두 {{nodes}}에 있고 남은 노드 어디에도 들어갈 자리가 없습니다: 자리가 생기거나 이 노드 중 하나가 다시 파드를 실행할 수 있을 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      // 컨트롤 플레인이 동작하고 다른 노드가 남은 장애 (fact `recovers`, issue 16, reader6 B17).
      'joint-dns-single-recovers':
        '클러스터 DNS 레플리카({{workload}}) 하나뿐인 것이 {{nodes}}에 있습니다: 노드가 NotReady로 표시되고 파드의 NoExecute toleration 시간(기본 300초)이 지나 컨트롤 플레인이 축출한 뒤 다른 노드에서 다시 스케줄되어 Ready가 될 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-all-here-recovers':
        '클러스터 DNS 레플리카({{workload}}, {{here}}개)가 모두 {{nodes}}에 있습니다: 노드가 NotReady로 표시되고 파드의 NoExecute toleration 시간(기본 300초)이 지나 컨트롤 플레인이 축출한 뒤 하나가 다른 노드에서 다시 스케줄되어 Ready가 될 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-single':
        '클러스터 DNS 레플리카({{workload}}) 하나뿐인 것이 {{nodes}}에 있습니다: 돌아올 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-all-here':
        '클러스터 DNS 레플리카({{workload}}, {{here}}개)가 모두 {{nodes}}에 있습니다: 돌아올 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-single-evicted':
        '클러스터 DNS 레플리카({{workload}}) 하나뿐인 것이 {{nodes}}에 있습니다: 드레인이 축출하면 다른 노드에서 다시 스케줄되어 Ready가 될 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-dns-all-here-evicted':
        '클러스터 DNS 레플리카({{workload}}, {{here}}개)가 모두 {{nodes}}에 있고, 하나라도 남겨 둘 PodDisruptionBudget이 없습니다: 드레인이 모두 축출하므로 하나가 다른 노드에서 다시 스케줄되어 Ready가 될 때까지 클러스터 전체의 이름 해석이 실패합니다.',
      'joint-held-by-budget':
        '{{kind}} {{namespace}}/{{workload}}의 파드 {{here}}개가 {{nodes}}에 있지만, PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(은)는 드레인이 한 번에 {{allowed}}개만 축출하게 합니다(다음 축출은 축출된 파드가 다른 곳에서 다시 실행될 때까지 HTTP 429로 기다림): 내내 Ready {{kept}}개가 계속 서비스합니다.',
      'joint-pinned-shared-budget':
        '{{kind}} {{namespace}}/{{workload}}(은)는 {{nodes}}에 고정되어 있습니다. PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(은)는 이 노드들의 고정된 파드 {{guarded}}개를 지키며 드레인이 {{allowed}}개만 축출하게 합니다: 이 파드가 축출되면 그 노드를 uncordon할 때까지 Pending으로 남고, 그렇지 않으면 축출이 거부되어(HTTP 429) 계속 실행됩니다.',
      'joint-held-by-budget-stuck':
        '{{kind}} {{namespace}}/{{workload}}의 파드 {{here}}개가 {{nodes}}에 고정되어 있고, PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(은)는 드레인이 {{allowed}}개만 축출하게 합니다: 축출된 파드는 Pending으로 남아 PDB의 허용 중단이 다시 생기지 않으므로 나머지는 끝내 축출되지 않습니다(HTTP 429): Ready {{kept}}개가 계속 서비스합니다.',
      'joint-held-by-budget-no-room':
        '{{kind}} {{namespace}}/{{workload}}의 파드 {{here}}개가 {{nodes}}에 있고, PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(은)는 드레인이 {{allowed}}개만 축출하게 합니다: 축출된 파드는 남은 노드 어디에도 들어가지 못해 Pending으로 남아 PDB의 허용 중단이 다시 생기지 않으므로 나머지는 끝내 축출되지 않습니다(HTTP 429): Ready {{kept}}개가 계속 서비스합니다.',
      'joint-held-by-budget-none':
        '{{kind}} {{namespace}}/{{workload}}: PodDisruptionBudget {{pdbNamespace}}/{{pdb}}(이)가 지금은 축출을 허용하지 않으므로 {{nodes}}의 파드는 축출되지 않고 Ready {{kept}}개가 계속 서비스합니다. 드레인은 기다립니다.',
    },
    capacity: {
      'joint-fits': '남는 노드에 축출되는 파드 {{evictable}}개가 모두 들어갈 자리가 있습니다.',
      'joint-fits-drain-first':
        '노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인이 파드 {{evictable}}개를 모두 축출하고, 남는 노드에 그 파드들이 들어갈 자리가 있습니다.',
      'joint-writes-blocked':
        '드레인이 이 노드들에서 축출할 파드 {{evictable}}개는 etcd가 쓰기를 거부하는 동안 축출할 수도, 다른 곳에 만들 수도 없습니다: 노드와 함께 멈추고 노드와 함께 돌아옵니다.',
      'joint-writes-blocked-drain':
        'etcd가 쓰기를 거부하는 동안 드레인은 이 노드들의 파드 {{evictable}}개를 축출할 수 없습니다(축출은 쓰기): 드레인은 실패하고, 파드는 지금 자리에서 계속 실행됩니다.',
      'joint-no-quorum':
        '쿼럼이 없는 동안 이 노드들의 파드 {{evictable}}개는 다시 스케줄되지 않습니다(축출과 새 파드 생성은 쓰기): 쿼럼이 돌아올 때까지 멈춰 있습니다.',
      'joint-some-pending':
        '축출되는 파드 {{evictable}}개 중 {{unplacedCount}}개는 남는 노드 어디에도 들어가지 못해 Pending으로 남습니다: {{unplaced}}.{{pendingText}}',
      'joint-some-pending-single':
        '축출되는 파드 {{evictable}}개 중 1개는 남는 노드 어디에도 들어가지 못해 Pending으로 남습니다: {{unplaced}}.{{pendingText}}',
      'joint-some-pending-drain-first-single':
        '노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인이 파드 {{evictable}}개를 축출하지만, 그중 1개는 남는 노드 어디에도 들어가지 못해 Pending으로 남습니다: {{unplaced}}.{{pendingText}}',
      'joint-some-pending-drain-first':
        '노드들이 내려가기 전, 쿼럼이 유지되는 동안 드레인이 파드 {{evictable}}개를 축출하지만, 그중 {{unplacedCount}}개는 남는 노드 어디에도 들어가지 못해 Pending으로 남습니다: {{unplaced}}.{{pendingText}}',
      'joint-none-fit':
        '축출되는 파드 {{evictable}}개 중 남는 노드(Ready, 스케줄 가능, taint에 맞는 toleration, 요청량 여유)에 들어가는 파드가 없습니다: 모두 Pending으로 남습니다.{{pendingText}}',
    },
  },
  advice: {
    'etcd-quorum-after':
      '컨트롤 플레인 노드는 하나씩 진행하고, 매번 etcd 멤버가 정상으로 돌아온 뒤 다음으로 넘어가세요.',
    'etcd-quorum-after-single':
      'etcd 멤버가 하나뿐입니다: 노드를 하나씩 진행해도 그 노드가 내려가 있는 동안은 아무것도 쓸 수 없어 쿼럼이 지켜지지 않으니, 유지보수 전에 etcd를 멤버 3대로 늘리거나 그 노드가 내려가 있는 동안 변경이 없는 작업 시간을 잡으세요.',
    'pdb-blocks':
      '이 노드들은 하나씩 진행하고, 매번 PodDisruptionBudget이 다시 중단을 허용할 때까지 기다리세요.',
    capacity: '축출된 파드가 실행될 자리가 있도록 용량을 늘리거나 한 번에 내리는 노드 수를 줄이세요.',
    'single-replica': '해당 워크로드의 레플리카를 늘리거나, 그 노드들을 하나씩 진행하세요.',
    // 함께 장애 난 노드 (fate `lost`, issue 16, reader6 B18): 장애는 "한 번에 내리는" 작업이 아닙니다.
    'capacity-lost':
      '용량을 늘려 함께 장애가 난 노드의 파드가 실행될 자리를 마련하세요(그때까지 그 파드는 Pending으로 남습니다).',
    'single-replica-lost':
      '이 노드들이 함께 장애가 나도 하나는 계속 실행되도록 해당 워크로드의 레플리카를 늘려 여러 노드에 나누어 두세요.',
    'single-replica-quorum':
      '이 노드들은 하나씩 진행하고, 다음 노드 전에 복귀와 파드 Ready를 마치세요: 자체 쿼럼으로 동작하는 워크로드는 항상 레플리카의 과반이 Ready여야 합니다.',
    'single-replica-pinned-lost':
      '고정된 파드는 자기 노드가 돌아올 때까지 다운이라고 보세요: 고정된 파드는 자기 노드에서만 시작할 수 있습니다. 계획된 작업이라면 이 노드들을 하나씩 진행하세요.',
    'single-replica-pinned':
      '고정된 파드가 있는 노드는 하나씩 진행하고, 다음 노드 전에 복귀와 uncordon을 마치세요: 고정된 파드는 자기 노드에서만 시작할 수 있습니다.',
  },
  stops: {
    'every-workload-down':
      '클러스터의 모든 워크로드: 파드를 실행할 노드가 남지 않아 아무것도 다시 스케줄되지 않으며, 노드가 돌아올 때까지 다운',
    'every-workload-down-drain':
      '드레인이 축출하는 모든 워크로드: 클러스터의 모든 노드가 cordon되어 Pending으로 남으며, 노드가 uncordon될 때까지 다운',
    'every-workload-down-reboot':
      '클러스터의 모든 워크로드: 파드를 실행할 노드가 남지 않아 축출된 파드는 Pending으로 남으며, 노드가 돌아와 uncordon될 때까지 다운',
    'pods-evicted': '{{nodes}}의 파드 {{count}}개가 드레인으로 축출되어 다른 노드에서 다시 생성됨',
    'pods-evicted-drain-first':
      '{{nodes}}의 파드 {{count}}개가 쿼럼이 유지되는 동안 먼저 드레인으로 축출되어 다른 노드에서 다시 생성됨',
    'pods-rescheduled':
      '{{nodes}}의 파드 {{count}}개: 노드가 파드의 not-ready toleration보다 오래 NotReady로 있으면 노드 수명 주기 컨트롤러가 축출하고 다른 노드에서 다시 생성될 때까지 다운',
    'pods-stranded':
      '{{nodes}}에서 축출된 파드 {{count}}개는 남는 노드 어디에도 들어가지 못함: 자리가 생기거나 노드가 돌아올 때까지 Pending',
    'pods-writes-blocked':
      '{{nodes}}의 파드 {{count}}개는 노드와 함께 멈춤: etcd가 쓰기를 거부하므로 축출되지도, 다른 곳에 다시 만들어지지도 않음',
    'pods-no-quorum':
      '{{nodes}}에서 다른 곳에 다시 생성될 파드 {{count}}개: 쿼럼이 돌아올 때까지 다운 (축출과 새 파드 생성은 쓰기)',
    'drain-writes-blocked': '드레인 자체: {{nodes}}의 cordon과 파드 축출은 쓰기이므로 etcd가 거부함',
    'pinned-down':
      '{{pods}}: 자기 노드에 고정됨 (데이터, hostname 노드 셀렉터 또는 Rook mon/OSD가 그 노드에 있음). 그 노드가 내려가 있는 동안 계속 다운, 다른 노드로 재스케줄되지 않음',
    'drain-waits':
      '드레인이 {{pods}}에서 멈춤: PodDisruptionBudget이 축출을 거부하고(HTTP 429) kubectl은 허용될 때까지 재시도하므로 그동안 드레인이 끝나지 않음',
    'drain-waits-reboot':
      '드레인이 {{pods}}에서 멈춤: PodDisruptionBudget이 축출을 거부하고(HTTP 429) kubectl은 허용될 때까지 재시도하므로 드레인이 끝나지 않아 노드들을 내릴 준비가 되지 않음',
    'pinned-drain':
      '{{pods}}: 자기 노드에 고정됨 (데이터, hostname 노드 셀렉터 또는 Rook mon/OSD가 그 노드에 있음). 축출된 뒤 그 노드를 uncordon할 때까지 Pending으로 남음',
    'no-room-held':
      '{{pods}}: PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 드레인이 그중 {{allowed}}개만 축출하게 하고, 축출된 파드는 남은 노드 어디에도 들어가지 못해 Pending으로 남음. 나머지는 축출이 거부되어(HTTP 429) 제자리에서 계속 실행되므로 그 노드들의 드레인은 끝나지 않음',
    'pinned-held':
      '{{pods}}: 자기 노드에 고정됨. PodDisruptionBudget {{namespace}}/{{pdb}}(은)는 드레인이 그중 {{allowed}}개만 축출하게 하고, 축출된 파드는 그 노드를 uncordon할 때까지 Pending으로 남음. 나머지는 축출이 거부되어(HTTP 429) 제자리에서 계속 실행되므로 그 노드들의 드레인은 끝나지 않음',
    'statefulset-lost':
      '{{pods}}: 잃은 노드의 StatefulSet 파드로, 노드가 돌아오거나, 파드를 강제 삭제하거나(노드가 확실히 꺼진 뒤에만), 노드에 node.kubernetes.io/out-of-service taint를 줄 때까지 Terminating으로 남고 다른 곳에서 다시 만들어지지 않음',
    'node-agents':
      '{{nodes}}의 kubelet, kube-proxy, CNI: 노드가 돌아올 때까지 (보통 노드마다 약 {{seconds}}초)',
    'node-agents-down': '{{nodes}}의 kubelet, kube-proxy, CNI: 노드가 돌아올 때까지',
    cordon: '{{nodes}}의 새 파드: uncordon할 때까지 노드가 cordon 상태',
    'workloads-down': '{{workloads}}: 다른 노드에서 다시 스케줄되어 뜰 때까지 다운타임',
    'workloads-down-no-room':
      '{{workloads}}: 남은 노드에 자리가 생기거나 이 노드들이 다시 파드를 실행할 수 있을 때까지 다운',
    'workloads-quorum-lost': '{{workloads}}: 쿼럼을 잃어, 파드가 충분히 돌아올 때까지 서비스하지 않음',
    'etcd-members':
      '{{nodes}}의 etcd 멤버: 투표 멤버 {{voters}}대 중 {{after}}대가 남음 (쿼럼 {{quorum}}). {{spareText}}',
    'spare-none': '노드들이 돌아올 때까지 추가 장애를 허용하지 못함',
    'control-plane-nodes':
      '{{nodes}}의 컨트롤 플레인 구성 요소(API 서버, etcd 멤버, 스케줄러, 컨트롤러 매니저): 노드가 돌아올 때까지',
    apiservers: '{{nodes}}의 API 서버: API 처리 용량이 {{before}}대에서 {{after}}대로 줄어듦',
  },
  keeps: {
    'refused-pods': '{{pods}}: PodDisruptionBudget이 중단을 허용하지 않는 동안 축출되지 않고 계속 실행됨',
    'drained-nodes':
      '{{nodes}}의 DaemonSet 파드와 정적 파드(드레인이 건드리지 않음), 그리고 노드 자체: 계속 실행됨',
    // NotReady 노드 옆의 Ready 노드 하나 (issue 16, reader6 B15).
    'drained-nodes_one':
      '{{nodes}}의 DaemonSet 파드와 정적 파드(드레인이 건드리지 않음), 그리고 노드 자체: 계속 실행됨',
  },
};
