/**
 * Korean texts of maintenance plans (issue 20); the same keys as `en-maintenance-plan.ts`.
 */
export const koMaintenancePlan = {
  title: '유지보수 계획 {{id}}: {{cluster}} 클러스터 노드 {{count}}개',
  section: { request: '계획', nodes: '노드 (순서대로)', excluded: '제외됨 (지금은 unsafe)', table: '시간' },
  card: {
    reason: '사유: {{reason}}',
    requestedBy: '요청자 {{who}}, {{at}}',
    approvals: '승인: {{required}}명 중 {{count}}명',
    approvalsBy: '승인: {{required}}명 중 {{count}}명 ({{names}})',
    controlPlane: '컨트롤 플레인 노드가 포함되어 컨트롤 플레인 변경과 같은 수의 승인이 필요합니다.',
    settle: '노드마다 검증 후 {{settle}} 안정화 시간을 두고 다음 노드로 넘어갑니다.',
    batch: '워커는 한 단계에 최대 {{size}}개씩 함께 유지보수합니다.',
    zoneLimit:
      '영역(topology.kubernetes.io/zone)마다 동시에 최대 {{limit}}개 노드까지 사용 불가, 단계마다 다시 확인합니다.',
    node: '{{n}}. {{node}} ({{role}}), {{batch}}단계, {{verdict}}: {{state}}. {{why}}',
    excluded: '{{node}}: {{reasons}}',
    row: '{{node}} | 시작 {{start}} | 재부팅·검증 {{maintained}} | 안정화 {{settled}} | {{state}}',
  },
  role: { 'control-plane': '컨트롤 플레인', worker: '워커' },
  nodeState: {
    pending: '대기',
    running: '유지보수 중',
    settling: '안정화 중',
    done: '완료',
    failed: '실패 ({{reason}}: {{detail}})',
    skipped: '건너뜀',
    untouched: '손대지 않음',
  },
  why: {
    'control-plane-first': '컨트롤 플레인 먼저, 한 번에 하나씩 (etcd 투표 멤버 둘이 동시에 내려가지 않음).',
    'not-voter': 'etcd 투표권 없음: 투표 멤버보다 먼저.',
    voter: 'etcd 투표 멤버: 단독 단계.',
    'etcd-leader-last': 'etcd 리더: 컨트롤 플레인 중 마지막 (선출을 한 번만).',
    'worker-order': '워커, 요청한 순서대로.',
    'batch-with': '{{nodes}}와 함께.',
    'zone-limit': '영역 {{zone}}: 동시에 최대 {{limit}}개까지 사용 불가.',
    'zone-limit-none':
      '영역 레이블 없음: 레이블 없는 다른 노드와 함께 세어 동시에 최대 {{limit}}개까지 사용 불가.',
  },
  state: {
    'pending-approval': '승인 대기: {{missing}}명 더 필요합니다. `{{id}} 승인`으로 승인하세요.',
    approved: '승인됨. 곧 시작합니다.',
    running: '진행 중: {{total}}개 중 {{done}}개 완료.',
    held: '{{node}} 앞에서 보류: {{detail}}. 해소되면 자동으로 계속합니다.',
    paused: '{{total}}개 중 {{done}}개 완료 후 일시 정지. `{{id}} 재개`로 계속합니다.',
    'needs-decision': '{{node}} 실패. `{{id}} 재시도`, `{{id}} 건너뛰기`, `{{id}} 중단` 중 하나로 답하세요.',
    cancelling: '취소 요청됨: 진행 중인 노드가 끝나면 멈춥니다.',
    completed: '완료: {{total}}개 중 {{done}}개 완료.',
    stopped: '중단: {{total}}개 중 {{done}}개 완료, 나머지는 손대지 않았습니다.',
    cancelled: '취소: {{total}}개 중 {{done}}개 완료, 나머지는 손대지 않았습니다.',
    rejected: '거절됨.',
    expired: '승인 전에 만료되었습니다.',
  },
  lock: {
    held: '{{what}}: {{holder}}가 보유 (노드 {{node}}), {{since}}부터, TTL {{ttl}}, 요청 {{request}}.',
    free: '{{what}}: 비어 있음.',
    noKured: 'kured: 설치되어 있지 않음 (kured DaemonSet 없음).',
    noTtl: '없음 (만료되지 않음)',
    stale: {
      'lease-expired': '오래된 잠금: Lease가 TTL 안에 갱신되지 않았습니다 (워커가 사라짐).',
      'request-ended': '오래된 잠금: 요청이 이미 끝났습니다.',
      'request-unknown': '오래된 잠금: 그런 요청이 없습니다.',
    },
  },
  hold: {
    alert: '발생 중인 알림 {{detail}}',
    'alertmanager-unreachable': 'Alertmanager에 연결할 수 없음 ({{detail}})',
    'kured-lock': 'kured 재부팅 잠금이 잡혀 있음 ({{detail}})',
    'change-window': '변경 가능 시간대 밖 ({{detail}})',
    'zone-limit':
      '한 영역에서 정책이 허용하는 것보다 많은 노드가 사용 불가해짐 (영역: 사용 불가 + 다음 > 한도: {{detail}})',
    'maintenance-lock': '다른 유지보수가 잠금을 보유 중 ({{detail}})',
    'cluster-unreadable': '클러스터를 읽을 수 없음 ({{detail}})',
  },
};
