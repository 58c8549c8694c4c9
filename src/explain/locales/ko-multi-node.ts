/**
 * 여러 노드에 대한 질문(이슈 17)의 한국어 답변 텍스트, `multiNode` 아래. 합동·롤링 분석이 생기기 전까지는
 * 노드마다 따로 답하고, 답변이 그렇다고 밝힌다.
 */
import type { enMultiNode } from './en-multi-node.js';

export const koMultiNode: typeof enMultiNode = {
  title: '여러 노드 ({{mode}}): {{nodes}}',
  mode: { together: '동시에', 'one-by-one': '하나씩' },
  action: { reboot: '재부팅', drain: '드레인', upgrade: '업그레이드', 'node-down': '장애' },
  notJoint:
    '노드 {{count}}대의 {{action}}({{mode}})에 대해 물으셨습니다: {{nodes}}. 여러 노드가 한꺼번에 내려가는 합동 분석과 롤링 계획은 아직 지원하지 않으므로, 아래에서는 노드마다 그 노드 하나만 내려간다고 보고 따로 답합니다. 이 답들을 합쳐서 판단하지 마세요: 하나씩은 안전한 노드들도 함께 내려가면 etcd 쿼럼을 잃거나 PodDisruptionBudget을 넘을 수 있습니다.',
  heading: '노드별 단독 분석',
  nodeLine: '{{node}} 단독: [{{verdict}}] {{summary}}',
  tooMany: '노드 {{count}}대 중 처음 {{shown}}대만 답했습니다. 나머지는 이름으로 물어 주세요.',
  unknown: '이 클러스터의 노드가 아닙니다: {{names}}. 노드 목록: {{all}}.',
  emptyGroup: '{{cluster}} 클러스터에는 {{group}}에 해당하는 노드가 없습니다. 노드 목록: {{all}}.',
  group: {
    workers: '워커 노드',
    'control-plane': '컨트롤 플레인 노드',
    all: '전체 노드',
    zone: '{{zone}} 존',
    selector: '{{selector}} 레이블 노드',
    badSelector: '레이블 셀렉터 {{selector}}를 읽을 수 없습니다. 아무것도 확인하지 않았습니다.',
  },
};
