/**
 * Korean texts of maintenance, the same keys as `enMaintenance`, in the vocabulary
 * of ./ko.ts and the source articles (컨트롤 플레인, 데이터 플레인, 쿼럼, 드레인, 재부팅;
 * `cordon` and `PodDisruptionBudget` kept as kubectl writes them). Particles after a placeholder
 * are written as pairs (`(이)가`, `(은)는`, `(을)를`, `(으)로`) and resolved by src/explain/i18n.ts.
 */
import type { MaintenanceMessages } from './en-maintenance.js';

export const koMaintenance: MaintenanceMessages = {
  title: '유지보수 {{id}}: {{cluster}}의 {{node}} 재부팅',
  role: { 'control-plane': '컨트롤 플레인 노드', worker: '워커 노드' },
  section: {
    request: '요청',
    analysis: '요청 시점의 분석',
    progress: '진행 상황',
    blockers: '드레인을 막는 것',
    forecast: '예측과 관측',
  },
  card: {
    node: '노드: {{cluster}}의 {{node}} ({{role}})',
    reason: '사유: {{reason}}',
    noReason: '사유: 없음',
    force:
      '관리자가 위험 판정을 무시하고 강제로 요청했습니다: {{forceReason}}. 강제 요청에는 컨트롤 플레인 변경과 같은 수의 승인이 필요합니다.',
    requestedBy: '요청자: {{who}} ({{at}})',
    approvals: '승인: {{required}}건 중 {{count}}건',
    approvalsBy: '승인: {{required}}건 중 {{count}}건 ({{names}})',
    expires: '{{at}}까지 승인되지 않으면 만료됩니다',
    rejectedBy: '거절한 사람: {{who}}',
    cancelledBy: '취소를 요청한 사람: {{who}}',
    pods: '축출된 파드: {{total}}개 중 {{evicted}}개',
    stateReason: '이유: {{reason}}',
    cordonedAtRequest:
      '요청 당시 {{node}}(은)는 이미 다른 사람이 cordon해 두었습니다: 봇은 끝난 뒤에도 cordon을 그대로 둡니다 (uncordon하면 그 cordon을 되돌리게 됨).',
  },
  state: {
    'pending-approval':
      '승인 대기 중: {{missing}}건 더 필요합니다 ({{required}}건 중 {{count}}건). 승인되면 봇이 유지보수 잠금을 잡고 {{node}}(을)를 cordon한 뒤 드레인하고, 재부팅을 기다려 확인한 다음 uncordon합니다.',
    'pending-approval-cordoned':
      '승인 대기 중: {{missing}}건 더 필요합니다 ({{required}}건 중 {{count}}건). 승인되면 봇이 유지보수 잠금을 잡고 (이미 다른 사람이 cordon한) {{node}}(을)를 드레인하고, 재부팅을 기다려 확인합니다. {{node}}(은)는 찾은 그대로 cordon된 채로 둡니다.',
    approved: '승인되었습니다. 곧 실행을 시작합니다: 유지보수 잠금, cordon, 드레인.',
    'waiting-for-window':
      '승인되었습니다. {{node}}(을)를 건드리기 전에 {{cluster}}의 다음 변경 허용 시간대(change window)를 기다립니다.',
    'waiting-for-window-at':
      '승인되었습니다. {{node}}(을)를 건드리기 전에 {{at}}에 열리는 {{cluster}}의 변경 허용 시간대(change window)를 기다립니다.',
    checking: '실행 중: {{node}}(을)를 건드리기 전에 {{cluster}}(을)를 다시 점검합니다.',
    locked: '실행 중: 유지보수 잠금을 잡았습니다. 다음은 {{node}} cordon입니다.',
    cordoned: '실행 중: {{node}}(이)가 cordon되었습니다. 다음은 드레인입니다.',
    draining: '실행 중: {{node}}(을)를 드레인하고 있습니다.',
    'awaiting-reboot':
      '{{node}}의 드레인이 끝나 재부팅할 준비가 되었습니다. 지금 재부팅하세요 (또는 재부팅 훅이 합니다). 봇은 노드가 돌아오기를 기다립니다.',
    verifying:
      '{{node}}(이)가 재부팅되었습니다. uncordon하기 전에 Ready, 노드 Lease, 정적 파드, etcd를 확인합니다.',
    completed: '완료: {{node}}(이)가 재부팅되고 확인되었습니다. {{nodeState}}',
    cancelling:
      '취소 중: 봇이 다음 단계에서 멈추고, 자신이 cordon했다면 {{node}}(을)를 uncordon하고 잠금을 풉니다.',
    cancelled: '취소되었습니다. 더 이상 아무것도 하지 않습니다. {{nodeState}}',
    rejected: '거절되었습니다. {{node}}에는 아무것도 하지 않았습니다.',
    expired:
      '승인이 모자란 채로 {{at}}에 만료되었습니다. 아무것도 하지 않았습니다. 아직 필요하면 다시 요청하세요.',
    failed: '중단됨: {{reason}} {{nodeState}}',
  },
  stateName: {
    'pending-approval': '승인 대기',
    approved: '승인됨',
    'waiting-for-window': '변경 허용 시간대 대기',
    rejected: '거절됨',
    expired: '만료됨',
    checking: '점검 중',
    locked: '잠금 획득',
    cordoned: 'cordon됨',
    draining: '드레인 중',
    'awaiting-reboot': '재부팅 대기',
    verifying: '확인 중',
    completed: '완료',
    cancelling: '취소 중',
    cancelled: '취소됨',
    failed: '실패',
  },
  nodeState: {
    cordonedByBot:
      '{{node}}(은)는 cordon 상태로 남습니다 (괜찮으면 직접 uncordon하세요: kubectl uncordon {{node}}).',
    wasCordoned: '{{node}}(은)는 유지보수 전부터 cordon 상태였고 그대로 남습니다.',
    notCordoned: '{{node}}(은)는 cordon 상태가 아닙니다.',
    uncordoned: '{{node}}(은)는 uncordon되어 다시 스케줄링할 수 있습니다.',
    leftCordoned: '{{node}}(은)는 유지보수 전부터 cordon 상태였으므로 봇이 cordon 상태로 두었습니다.',
  },
  actions: { approve: '승인', reject: '거절', cancel: '취소' },
  stop: {
    'verdict-unsafe': '재부팅 영향 분석이 이제 위험이라고 판정합니다 (요청 이후 클러스터가 바뀌었습니다).',
    'node-not-ready': '{{node}}(이)가 Ready가 아니어서 재부팅을 확인할 수 없습니다.',
    'other-control-plane-not-ready':
      '다른 컨트롤 플레인 노드가 NotReady입니다: 이 노드까지 내리면 etcd 쿼럼을 잃을 수 있습니다.',
    'other-control-plane-cordoned':
      '다른 컨트롤 플레인 노드가 cordon 상태입니다: 컨트롤 플레인 노드는 한 번에 하나씩만 작업합니다.',
    'lock-held': '다른 유지보수가 클러스터의 유지보수 잠금을 잡고 있습니다.',
    'kured-lock': 'kured가 노드 잠금을 잡고 있습니다 (DaemonSet의 weave.works/kured-node-lock 어노테이션).',
    'outside-change-window':
      '클러스터의 변경 허용 시간대(change window) 밖이고, 정책이 시간대 밖의 실행을 거부합니다.',
    'drain-timeout': '드레인이 제한 시간 안에 끝나지 않았습니다.',
    'reboot-timeout': '{{node}}(이)가 제한 시간 안에 Ready 상태로 돌아와 확인되지 않았습니다.',
    forbidden: '봇의 ServiceAccount에 유지보수 권한이 없습니다 (HTTP 403).',
    'api-error': 'Kubernetes API 호출이 실패했습니다.',
    unknown: '예상하지 못한 오류입니다.',
  },
  event: {
    requested: '{{who}}님이 {{node}} 재부팅을 요청했습니다.',
    approved: '{{who}}님이 승인했습니다 ({{required}}건 중 {{count}}건).',
    'approved-final':
      '{{who}}님이 승인했습니다 ({{required}}건 중 {{count}}건): 승인 완료, 실행을 시작합니다.',
    rejected: '{{who}}님이 요청을 거절했습니다. {{node}}에는 아무것도 하지 않습니다.',
    expired: '승인이 모자란 채로 {{at}}에 요청이 만료되었습니다. 아무것도 하지 않았습니다.',
    'cancel-requested': '{{who}}님이 취소를 요청했습니다: 봇이 다음 단계에서 멈춥니다.',
    cancelled: '{{who}}님이 취소했습니다. 멈추기 전에 축출된 파드: {{podsEvicted}}개. {{nodeState}}',
    'cancelled-bot': '취소되었습니다. 멈추기 전에 축출된 파드: {{podsEvicted}}개. {{nodeState}}',
    'waiting-for-window':
      '{{cluster}}의 변경 허용 시간대(change window) 밖에서 승인되었습니다: {{at}}까지 실행을 기다립니다.',
    'execution-started': '실행 시작: {{node}}(을)를 건드리기 전에 {{cluster}}(을)를 다시 점검합니다.',
    locked: '유지보수 잠금을 잡았습니다 (Lease {{lease}}).',
    cordoned: '{{node}}(을)를 cordon했습니다: 새 파드가 이 노드에 스케줄되지 않습니다.',
    'cordoned-already': '{{node}}(은)는 이미 cordon 상태였습니다. 봇은 작업 후에도 cordon 상태로 둡니다.',
    eviction: '{{pod}}(을)를 축출했습니다.',
    progress: '{{node}} 드레인 중: {{total}}개 중 {{evicted}}개 축출.',
    'progress-waiting': '{{node}} 드레인 중: {{total}}개 중 {{evicted}}개 축출, 대기 중: {{waiting}}.',
    'waiting-budget': 'PodDisruptionBudget {{budget}} (파드 {{pod}})',
    'waiting-pod': '파드 {{pod}} ({{detail}})',
    drained:
      '{{node}} 드레인 완료 (파드 {{evicted}}개 축출). 재부팅할 준비가 되었습니다: 지금 재부팅하세요. 재부팅 훅이 있으면 훅이 합니다.',
    'drained-skipped':
      '{{node}} 드레인 완료 (파드 {{evicted}}개 축출, 그대로 둔 파드: {{skipped}}). 재부팅할 준비가 되었습니다: 지금 재부팅하세요. 재부팅 훅이 있으면 훅이 합니다.',
    'reboot-hook-ok': '재부팅 훅을 실행했습니다: {{detail}}',
    'reboot-hook-failed':
      '재부팅 훅이 실패했습니다: {{detail}}. {{node}}(을)를 직접 재부팅하세요. 봇은 계속 기다립니다.',
    rebooted: '{{node}}(이)가 재부팅되었습니다 (새 boot id {{bootId}}). uncordon하기 전에 확인합니다.',
    verified:
      '{{node}}(이)가 돌아왔습니다: Ready, 노드 Lease 갱신, 정적 파드 Ready, (볼 수 있는 경우) etcd 멤버 정상.',
    uncordoned: '{{node}}(을)를 uncordon했습니다.',
    'lock-released': '유지보수 잠금을 풀었습니다 (Lease {{lease}}).',
    completed: '{{node}} 유지보수 완료: 드레인 {{drain}}, 다운타임 {{downtime}}, 전체 {{total}}.',
    failed: '{{node}} 유지보수 중단: {{reason}} {{nodeState}}',
    'failed-detail': '세부 내용: {{detail}}',
    blocker: '파드 {{pod}}: {{detail}}',
    'blocker-budget': '파드 {{pod}}, PodDisruptionBudget {{budget}}에 막힘: {{detail}}',
    'plan-control': '{{who}}: {{action}}.',
    'plan-finished': '계획이 {{state}} 상태로 끝났습니다: {{total}}개 중 {{done}}개 완료.',
    'lock-broken': '{{lock}} 잠금을 해제했습니다: {{holder}}(이)가 보유하고 있었습니다.',
    'lock-break-refused': '{{lock}} 잠금({{holder}} 보유)을 해제하지 않았습니다: {{reason}}.',
  },
  refusedTitle: {
    approve: '{{id}} 승인 불가',
    reject: '{{id}} 거절 불가',
    cancel: '{{id}} 취소 불가',
    pause: '{{id}} 일시정지 불가',
    resume: '{{id}} 재개 불가',
    retry: '{{id}} 재시도 불가',
    skip: '{{id}} 건너뛰기 불가',
    stop: '{{id}} 중단 불가',
    status: '{{id}} 표시 불가',
    audit: '유지보수 감사 기록 표시 불가',
  },
  refusal: {
    'not-found': '유지보수 요청 {{id}}(이)가 없습니다.',
    'not-found-any': '그런 유지보수 요청이 없습니다 (오래전에 끝났을 수 있습니다).',
    'not-approver': '{{cluster}}의 승인자가 아닙니다.',
    'self-approval': '자신의 요청은 승인할 수 없습니다.',
    'already-approved': '이미 승인하셨습니다 ({{required}}건 중 {{count}}건).',
    expired: '이 요청은 {{at}}에 만료되었습니다.',
    'not-pending': '이 요청은 더 이상 승인을 기다리지 않습니다 (현재: {{state}}).',
    'not-allowed-to-cancel': '이 요청은 요청자, {{cluster}}의 승인자 또는 관리자만 취소할 수 있습니다.',
    'already-finished': '이 요청은 이미 끝났습니다 (현재: {{state}}).',
    'not-requester': '{{cluster}}에서 유지보수를 요청할 권한이 없습니다.',
    unsafe:
      '거부됨: 재부팅 영향 분석이 지금 {{node}}(을)를 재부팅하면 위험하다고 판정합니다. 관리자는 사유를 적어 강제로 요청할 수 있습니다.',
    'force-not-allowed': '위험 판정을 무시한 강제 유지보수는 {{cluster}}의 관리자만 요청할 수 있습니다.',
    'force-needs-reason': '강제 유지보수에는 사유가 필요합니다: 왜 기다릴 수 없는지 적어 주세요.',
    'already-open': '{{cluster}}의 {{node}}에는 이미 진행 중인 유지보수 요청이 있습니다 ({{id}}).',
    'not-admin': '유지보수 감사 기록은 클러스터의 유지보수 관리자만 볼 수 있습니다.',
  },
  audit: {
    title: '유지보수 감사 기록: 최근 {{count}}건',
    empty: '유지보수 감사 기록이 아직 없습니다.',
    line: '{{at}}  {{requestId}}  {{cluster}}/{{node}}  {{actor}}: {{event}}',
    heading: '최신순',
  },
  forecast: {
    matched: '{{node}}의 예측이 맞았습니다: {{tally}}; 다운 {{away}} ({{forecast}}).',
    header: '{{node}}의 예측과 관측: 예측: {{forecast}}; 관측: {{observed}}.',
    pod: '{{pod}}: 예측 {{forecast}}, 관측 {{observed}}{{detail}}',
    'time-away': '노드 다운 {{observed}}, {{forecast}}',
    'drain-time': '드레인 {{observed}}, 예측 {{forecast}} (가장 긴 grace period)',
    'control-plane': '{{node}} 다운 중 본 API 서버: {{observed}}, 예측 {{forecast}}',
    'etcd-voters':
      '{{node}} 다운 중 본 정상 etcd 투표 멤버: {{observed}}, 예측 {{forecast}} (쿼럼 {{quorum}})',
    'etcd-unobserved':
      '{{node}} 다운 중 etcd 투표 멤버: 관측하지 못해 비교하지 않음 (예측 {{forecast}}, 쿼럼 {{quorum}})',
    'away-typical': '예측 {{ms}}, 일반적인 재부팅: {{node}}의 기록 없음',
    'away-history': '예측 {{ms}}: {{node}}의 최근 {{count}}회 다운 시간의 중앙값 {{ms}}',
    'no-pods': '옮길 파드 없음',
    fate: {
      moved: '{{count}}개 이동',
      pending: '{{count}}개 Pending',
      refused: '{{count}}개 PDB가 거부',
      deleted: '{{count}}개 삭제',
      lost: '{{count}}개 유실',
      unknown: '{{count}}개 확인 못 함',
    },
    word: {
      moved: '이동',
      pending: 'Pending',
      refused: '거부',
      deleted: '삭제',
      lost: '유실',
      'moved-to-cp': '컨트롤 플레인 노드로 이동',
      'moved-to-worker': '워커 노드로 이동',
      'of-pool': ' (노드 풀 {{pool}})',
    },
  },
  duration: { s: '{{s}}초', m: '{{m}}분', ms: '{{m}}분 {{s}}초', h: '{{h}}시간', hm: '{{h}}시간 {{m}}분' },
  time: '{{date}} {{time}} UTC',
};
