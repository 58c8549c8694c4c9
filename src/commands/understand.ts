/**
 * Free-phrasing understanding: what an operator asks for, whatever the word order, in
 * English, Korean or both: `pavo-wk-2 looks dead, can I reboot it?`, `wk-2이랑 wk-3 재부팅해도 돼?`,
 * `in what order should I reboot the masters?`.
 *
 * {@link parseCommand} tries its fixed grammar first and calls {@link understandRequest} when the
 * grammar does not understand the text (or took a pronoun or a group word for a node name). The
 * understanding is a bag of signals, read from tables below, never from a model:
 *
 * - the action from keywords, their inflections and common typos ({@link ACTIONS}, {@link TYPO_WORDS});
 * - the targets: tokens that are node names of the cluster (exact, a unique short form such as
 *   `wk-2` for `pavo-wk-2`, or a unique close typo with the same digits), or, without a node list,
 *   tokens shaped like node names (the worker resolves them); groups ({@link GROUPS}), zones and
 *   label selectors;
 * - the plan mode: `one-by-one` ("one by one", "in what order", "rolling", "하나씩", "순서") or
 *   `together` (the default for several nodes);
 * - pronouns ("it", "그 노드") add nothing: they refer to the node named earlier; fillers and
 *   reasons ("for a kernel patch", "because …", "커널 패치 때문에") are ignored.
 *
 * - node mentions by role and number (`wk1`, `worker 2`, `master 2`, `cp2`, `마스터 2번`), "the
 *   control plane node" and "the etcd leader" (./node-mentions.ts), resolved against the live node
 *   list, never guessed;
 * - in a message of several sentences, the sentence that asks (greetings, context and reasons
 *   before it are left out; "it" takes the node of the sentence before).
 *
 * It returns null rather than guess: shell or markup characters, an exclusion ("all workers except
 * wk-2"), no action, or an action without a target. The parser then offers the likeliest readings
 * when a node or an action word is there (./clarify.ts, issue 30 item 2). A wrong node is worse
 * than a clarification.
 */
import { closestNames } from '../util/closest-names.js';
import { normalizeComponent } from './components.js';
import { isValidNodeName } from './names.js';
import {
  THE_CONTROL_PLANE_NODE,
  THE_ETCD_LEADER,
  joinMentions,
  resolveOnlyControlPlane,
  resolveRoleMention,
  roleOfName,
} from './node-mentions.js';
import type { Command, ComponentName, MultiNodeAction, NodeGroup, PlanMode } from './types.js';

/** Longest text (characters) the understanding reads; longer texts keep the grammar's answer. */
export const MAX_UNDERSTOOD_LENGTH = 300;

/** Options of {@link understandRequest}. */
export interface UnderstandOptions {
  /** The cluster's node names, when known: tokens are resolved against them. */
  nodes?: readonly string[];
  /** A label selector taken out of the text before (see {@link takeSelector}). */
  selector?: string;
  /** Set on the command when given. */
  cluster?: string;
  /** Set on the command when given. */
  when?: string;
}

/**
 * Characters that never belong to a request the bot should guess at (shell, markup, a shell `&&`
 * list); an arrow (`1.15 -> 1.16`, `workers => masters`) is no redirection.
 */
const REFUSED = /[;|$`<{}\\]|(?<![-=])>|&&/u;

/** An exclusion the understanding does not support: refused rather than half-understood. */
const EXCLUSION = /\b(?:except|excluding|but\s+not|other\s+than|besides)\b|제외|빼고|말고/iu;

/** A negated request ("don't reboot wk-1", "never drain …"): refused rather than read as the request. */
const NEGATION = /\b(?:don'?t|do\s+not|never)\b/iu;

/** Containers the runtime cannot create or start ("can't create new containers", "containers stuck in Created", "컨테이너 생성 못 해"). */
const RUNTIME_SYMPTOM =
  /\b(?:create|start|run)\s+(?:new\s+|any\s+)?containers\b|\bcontainers?\s+(?:are\s+|is\s+)?stuck\b|컨테이너\S*\s*(?:를|을)?\s*(?:생성|시작|실행)\S*\s*(?:하지|되지)?\s*(?:못|않|안)/u;

/**
 * A failure seen rather than asked: a node NotReady or Unknown (the Node's Ready condition, kubectl's
 * STATUS column), unreachable, a Pod in CrashLoopBackOff or CreateContainerError, "stuck in", "not
 * available", a container runtime that cannot create containers, a Ready condition said not to hold
 * ("ContainerRuntimeReady가 아니에요"; the kubelet's runtime conditions, kubernetes.io/docs/reference/node/node-status/).
 */
const SYMPTOM =
  /ready\s*(?:상태\s*)?(?:가|이)\s*아니|\b(?:notready|unreachable|crash[-\s]?loop(?:ing|s|backoff)?|create ?container(?:config)?error|runcontainererror|(?:is|are|was|were|becomes?|became)\s+not\s+(?:available|responding|running)|stuck\s+in\s+(?:the\s+)?"?(?:created|crash|createcontainer|containercreating|error|unknown|notready|terminating)|(?:lost|loses)\s+the\s+ability)|unknown\s*(?:이|으로|로)?\s*(?:상태|이에요|입니다|예요)|상태\S*\s*(?:가|는)?\s*(?:unknown|notready)|응답\s*(?:하지|을)?\s*(?:않|없)/u;

/** The actions, strongest first when several are named. */
type Action = 'maintenance' | 'upgrade' | 'reboot' | 'drain' | 'down' | 'status' | 'help';

/** Keywords of each action (lowercase text, after NFKC). `patch` is a weak reboot word (see `WEAK_REBOOT`). */
const ACTIONS: Readonly<Record<Action, readonly RegExp[]>> = {
  maintenance: [
    /\b(?:put|place|move|take)\s+(?:\S+\s+){1,3}?(?:into|in|under)\s+(?:node\s+)?maintenance\b/u,
    /\b(?:start|begin|open|request|schedule)\s+(?:a\s+|an\s+)?maintenance\b/u,
    /\bmaintenance\s+(?:request\s+)?(?:for|on|of)\b/u,
    // "X requires scheduled maintenance", "X needs maintenance", "X is due for maintenance".
    /\b(?:requires?|needs?|due\s+for)\s+(?:(?:some|scheduled|planned|hardware|node|a)\s+)*maintenance\b/u,
    // "prepare X for maintenance", "enable maintenance mode on X", "X into maintenance mode".
    /\b(?:prepare|prep|ready|get)\s+(?:\S+\s+){1,3}?(?:for|to)\s+(?:(?:a|the|some|scheduled|planned)\s+)*maintenance\b|\b(?:enable|enter|activate|turn\s+on|set|switch\s+on)\s+(?:the\s+|a\s+)?(?:node\s+)?maintenance\s+mode\b|\bmaintenance\s+mode\s+(?:on|for)\b/u,
    // "shut down, maintain and restart X", "X 유지보수한 뒤 재시작": the verb beside a node's restart
    // (not "maintain quorum").
    /유지\s*보수\s*(?:를|을)?\s*(?:하고|한\s*(?:뒤|다음|후)|후)\s*(?:\S+\s*)?(?:재시작|재부팅|재기동|uncordon|언코든)/u,
    /\bmaintain\b(?![^.?!]{0,20}\b(?:quorum|availability|ha|majority)\b)(?=[^.?!]*\b(?:re-?start|re-?boot|uncordon|node|server|host)\b)/u,
    // "유지보수 요청", "유지보수해야 합니다", "점검이 필요", "유지보수 예정": a maintenance asked or planned.
    /(?:유지\s*보수|점검)\s*(?:를|을|이|가)?\s*(?:요청|신청|해야|하려|필요|예정|모드|들어가|진행|준비)/u,
  ],
  upgrade: [
    /\bupgrad(?:e|es|ed|ing)\b/u,
    /업그[레래]이드|업글/u,
    /(?<!(?:os|커널|보안)\s*)업데이트/u,
    // Updates a node needs, a cluster patched (issue 30: patch = upgrade family).
    /\b(?:require|requires|need|needs)\s+(?:os\s+|security\s+|kernel\s+)?(?:updates|patch(?:es|ing))\b|\bpatch(?:ing)?\s+(?:a|the|our|my|this)\s+(?:\S+\s+)?cluster\b|클러스터\S*\s*(?:를|을)?\s*패치/u,
  ],
  reboot: [
    /\b(?:re-?boot|reboots|rebooted|rebooting|restart|restarts|restarted|restarting|bounce|bounced|bouncing)\b/u,
    /\bpower[-\s]?cycl(?:e|ed|ing)\b/u,
    // Stopped and started again, a reboot said in two verbs ("shut down X and start it again",
    // "power off and power it back on").
    /\b(?:shut(?:ting)?\s*down|power(?:ed|ing)?\s*(?:off|down)|turn(?:ed|ing)?\s+off|stop(?:ped|ping)?)\b[^.?!]{0,60}?\b(?:and|then)\s+(?:\S+\s+){0,2}?(?:start(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:again|back|up)|power(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:back\s+)?(?:on|up)|turn(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:back\s+)?on|boot(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:again|back|up))\b/u,
    /재부[팅탕텅]|리부팅|리부트|재시작|재기동|다시\s*(?:부팅|시작|켜)|껐다\s*켜|제부팅|재부딩|재붓팅|리붓|(?:^|\s)(?:잠깐\s*)?내려(?:도|야|서)/u,
  ],
  drain: [
    /\b(?:drain|drains|drained|draining|evacuate|evacuated|evacuating|evict|evicted|evicting|empty\s+out|cordon|cordoned|cordoning|schedulingdisabled)\b/u,
    // Korean by stem: 비우-/비워- (empty), pods moved elsewhere (옮기-, 이동, 내보내-).
    /드[레래]인|코든|코돈|비워|비우|비운|비울|(?:파드|포드|pod)\S*\s*(?:\S+\s+){0,4}?(?:옮기|옮겨|이동|내보내|내쫓|퇴거)/u,
    /\b(?:move|moving|migrate|migrating|reschedule|rescheduling|shift)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+)?(?:running\s+)?(?:pods|workloads?)\s+(?:off|away|out)\b/u,
    // Pods stopped gracefully (evicted, not killed) and a node marked unschedulable (cordon: "Mark
    // node as unschedulable", kubectl cordon's help; the Korean docs' "스케줄 불가능으로 표시").
    /\bgracefully\s+(?:stop|terminate|evict)\s+(?:all\s+)?(?:the\s+|running\s+)?pods\b|\b(?:stop|terminate|evict)\s+(?:all\s+)?(?:the\s+|running\s+)?pods\s+gracefully\b|\bmark\S*\s+(?:\S+\s+){0,4}?(?:as\s+)?unschedulable\b|(?:예약|스케[줄쥴](?:링)?)\s*(?:불가|불가능|금지)\S*\s*(?:으로|로)?\s*(?:표시|설정|지정|만들)/u,
  ],
  down: [
    /\b(?:go|goes|went|going|gets?|got)\s+down\b/u,
    /\b(?:is|are|was|were|be|been|gets?|got|goes|go|remains?|stays?|stayed|becomes?|became|turns?)\s+(?:still\s+|completely\s+|totally\s+|fully\s+|entirely\s+)?(?:down|dead|damaged|destroyed|offline|unavailable|broken|gone|unreachable|lost|wiped|corrupted|fried|bricked|missing|stopped|unhealthy|notready|not\s+ready|powered\s+(?:down|off)|shut\s*down|killed|removed|deleted)\b/u,
    // A planned outage or a loss, by how it is asked (see nodeActionOf): shut down, power off, bring down, kill, remove.
    /\b(?:take|taking|took|bring|bringing)\s+(?:\S+\s+){0,4}?down\b|\btake\s+out\b/u,
    /\bremove-node\b|\bshut(?:ting|s)?\s*down\b|\bpower(?:ed|ing|s)?\s*(?:(?:it|them|this|that)\s+)?(?:down|off)\b|\b(?:kill|kills|killed|killing)\b/u,
    /\b(?:remove|removes|removed|removing|delete|deletes|deleted|deleting)\s+(?:(?:the|a|this|that|one|node|server|master|worker|control[-\s]?plane|etcd|member|on|of|from)\s+)*[a-z0-9][a-z0-9.-]*\d\b|\bnotready\b/u,
    /(?:unhealthy|비정상)\s*(?:이\s*)?(?:되|돼|된|상태가\s*되)|(?:문제|이상|흔들림|결함)\s*(?:이|가)?\s*(?:생기|발생)|종료(?:되|된|하|한|시키)|중단(?:되|된|하|한|시키)|제거|삭제|지우|지워|빼(?:도|면|려|고)|다시\s*만들|재생성|notready|꺼(?:도|지|져)|끄면/u,
    /\btak(?:e|en|es|ing)\s+offline\b|\bdown\s*$|\bdown\s*[,!]|\bdown\s*(?:되|돼|된)/u,
    /\b(?:dies|die|died|dead|crash|crashes|crashed|fail|fails|failed|failure|lose|loses|lost|losing|loses\s+power|outage|destroyed|damaged|destroy|unhealthy|nuked?|unplugged|yanked|shut|shuts|shutting)\b|\bstop(?:s|ped|ping)?\s+(?:the\s+)?(?:k3s|rke2|kubelet|containerd|etcd|node|server|agent|service)\b/u,
    // A state or symptom read from the cluster: NotReady/Unknown, CrashLoopBackOff, a container
    // that cannot start (kubectl's Pod and Node status words, kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/).
    SYMPTOM,
    RUNTIME_SYMPTOM,
    // Korean stems by rule: 죽-, 망가-, 꺼지-, 멈추-, 손실되-, 전원 OFF, whatever ending follows.
    /다운|죽[가-힣]|장애|망가|고장|정전|기능\S*\s*(?:을|를)?\s*(?:잃|상실)|꺼지|꺼져|멈추|멈춰|내려가|날아가|날라가|터지|날리면|손실|비정상|전원\s*(?:이|을)?\s*(?:off|오프|꺼|껐|끄|나가|내리|내렸)/u,
  ],
  status: [
    /\b(?:status|health|healthy|healthcheck|quorum|ha|highly\s+available|state|redundant|redundancy|fault[-\s]?toleran(?:t|ce)|leader)\b/u,
    /\bminimum\s+(?:number\s+of\s+)?(?:control[-\s]?plane|master|etcd|nodes?|members?)|\bhow\s+many\b.*\b(?:members?|masters?|control[-\s]?plane)\b.*\b(?:left|remain|remaining|needed|need|required|alive|up)\b|최소\s*몇|몇\s*(?:대|개)\s*(?:가|이)?\s*(?:남|필요|있어야)/u,
    /\betcd\s+(?:members?|leader)\b|\bmembers?\s+(?:are\s+)?(?:up|down)\b/u,
    /\b(?:control[-\s]?plane|cluster|etcd)\b.*\b(?:ok|okay|fine|good|healthy|up)\b|\b(?:ok|okay|fine|good|healthy)\b.*\b(?:control[-\s]?plane|cluster|etcd)\b/u,
    /\bhow\S*\s+(?:is\s+|are\s+)?(?:the\s+|our\s+)?(?:control[-\s]?plane|cluster|etcd|ha|quorum)\b/u,
    /상태|쿼럼|정족수|과반수?|헬스|고가용성|이중화|정상|리더|멤버/u,
    /\bget\s+(?:cs|componentstatus(?:es)?)\b/u,
  ],
  help: [
    /^[!/]?(?:help|commands|usage)\b|\bhelp\s*$|(?:^|\s)[!/](?:help|commands?)\b/u,
    // "what kind of commands are supported?", "list bot commands and their usage", "supported commands".
    /\b(?:what|which)\s+(?:kinds?|sorts?|types?)\s+of\s+(?:commands|questions|requests)\b|\b(?:supported|available)\s+commands\b|\bcommands\s+(?:are\s+|do\s+you\s+)?(?:supported|support)\b|\blist\s+(?:(?:the|all|your|bot|its)\s+)*commands\b/u,
    /\b(?:list|set)\s+of\s+commands\b|\bcommands\s+(?:are\s+)?available\b|\bavailable\s+commands\b|\b(?:say|type)\s+help\b|\b(?:which|what)\s+commands\b|\bshow\s+(?:me\s+)?(?:the\s+)?commands\b/u,
    /\bwhat\s+(?:can|could|do)\s+(?:you\s+do|i\s+ask|you\s+answer|you\s+support)\b|\bhow\s+(?:do|does)\s+(?:i\s+use|this\s+(?:bot\s+)?work|you\s+work)\b/u,
    /\b(?:list|show|get|give|see|display|print)\b[^.?!]{0,40}?\b(?:commands?|actions?|capabilities|features)\b(?![^.?!]{0,30}\b(?:nodes?|pods?|masters?|workers?)\b)/u,
    /도움말|사용법|^명령어|명령어?\s*(?:\S+\s+){0,2}?(?:목록|리스트|종류|알려|보여|가이드|안내|는\s*뭐|$)|(?:사용|이용)\s*(?:가능한|할\s*수\s*있는)\s*(?:명령|기능|액션)|지원(?:하는|되는)\s*(?:명령|기능|질문)|어떤\s*(?:질문|명령|것|걸|기능)\S*\s*(?:할|물어볼|쓸|사용할)\s*수|^도움(?:\s*(?:좀|이\s*필요해?요?))?$|(?:뭐|뭘|뭐를|무엇을|무얼)\s*(?:할|물어볼|물어\s*볼|질문할)\s*수\s*있|어떻게\s*써|뭘\s*물어/u,
  ],
};

/**
 * A question of how many failures the cluster tolerates ("how many control plane nodes can we lose?",
 * "마스터 몇 대까지 죽어도 돼?"): the HA status answers it (failures tolerated), not a plan.
 */
const TOLERANCE =
  /\bhow\s+many\b.*\b(?:lose|lost|losing|fail|failures?|die|down|tolerate|survive|spare)\b|\btolerat(?:e|es|ing)\s+(?:a\s+|the\s+)?(?:failure|loss)\b|\btoleran(?:t|ce)\s+(?:of|to|for)\b|\b(?:survive|withstand|tolerate|handle)\s+(?:losing|the\s+(?:loss|failure)\s+of)\b|\b(?:quorum|majority)\s+(?:is\s+|still\s+)*(?:kept|maintained|held|intact|preserved)\b|(?:과반수?|쿼럼|정족수)\s*(?:가|이|를|을|는|은)?\s*(?:확보|유지)|(?:장애|다운|고장|죽)\S*\s*(?:\S+\s+){0,2}?\S*도\s+[^?.!]{0,60}?(?:(?:운영|동작|서비스|유지)\s*(?:되|될|할|돼|가능)|버티|버틸|견디|견딜)|(?:장애|고장)를?\s*(?:견딜|버틸)\s*수|몇\s*(?:대|개)\s*(?:까지|나)?.*(?:죽|다운|장애|잃|빠져|버티|버틸|견디|견딜)/u;

/** A state to be checked: "check whether …", "…인지 확인해줘". */
const WHETHER =
  /\b(?:check|verify|find\s+out)\s+(?:if|whether)\b|(?:인지|건지|(?<!되)는지)\s*(?:\S+\s+){0,4}?(?:확인|체크|점검)/u;

/**
 * The loss of etcd's quorum, asked as a what-if ("what if etcd loses quorum", "쿼럼 깨지면 어떻게
 * 돼"), or its recovery named: k3s's `--cluster-reset` (docs.k3s.io/cli/server, "Cluster Options"),
 * etcd's `--force-new-cluster` and a restore from an etcd snapshot, the way back once a majority of
 * members is lost (kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#restoring-an-etcd-cluster).
 */
const QUORUM_LOSS =
  /\b(?:lose|loses|lost|losing|loosing|loss\s+of|without|no|lack\s+of)\s+(?:the\s+|its\s+|our\s+)?(?:etcd\s+)?(?:quorum|consensus|majority)\b(?![-\s]+toleran)|\b(?:quorum|consensus)\s+(?:is\s+|was\s+|gets\s+)?(?:lost|loss|gone|broken)\b|(?:쿼럼|정족수|합의|과반수?)\s*(?:이|가|을|를)?\s*(?:깨지|깨져|깨진|잃|상실|손실|무너|없)|\betcd\b[^.?!]{0,60}?\b(?:stops?|stopped|cannot|can'?t|won'?t|refuses?|no\s+longer|not)\b[^.?!]{0,20}\bwrites?\b|(?:etcd|멤버|api\s*(?:server|서버))[^?.!]{0,60}?쓰기\S*\s*(?:불가|실패|안\s*되|못|거부)|\b(?:most|majority)\s+of\s+(?:the\s+|our\s+)?(?:control[-\s]?plane|masters?|etcd|members?|servers?)\b[^?.!]{0,60}?\b(?:lost|down|fail|fails|failed|die|dies|gone)\b|(?:(?:대부분|과반)\S*\s*(?:의\s*)?(?:컨트롤\s*플레인|마스터|etcd|멤버|서버)|(?:컨트롤\s*플레인|마스터|etcd|멤버|서버)\S*\s*(?:노드\S*\s*)?(?:중\s*)?(?:대부분|과반))[^?.!]{0,60}?(?:손실|다운|죽|장애|잃)|--cluster-reset\b|--force-new-cluster\b|\bsnapshot\s+restore\b|\brestor\w*\s+(?:\S+\s+){0,4}?(?:from\s+)?(?:an?\s+|the\s+)?etcd\s+(?:backup|snapshot)|etcd\s*(?:백업|스냅샷)\S*\s*(?:으로|로|에서)?\s*(?:\S+\s+)?복원|\brestor\w*\s+(?:the\s+|our\s+)?etcd\s+(?:\S+\s+){0,3}?(?:from\s+)?(?:an?\s+|the\s+)?(?:backup|snapshot)/u;

/**
 * "2 of 3 etcd members", "take 2 master nodes down out of 3", "2/3 control-plane nodes", "etcd
 * 3멤버 중 2개": members lost of a total, with whether the lost count comes first.
 */
const MEMBERS_OF: readonly [RegExp, boolean][] = [
  [/\b(\d{1,2})\s+(?:[a-z-]+\s+){0,4}?(?:out\s+)?of\s+(?:the\s+|our\s+)?(\d{1,2})\b/u, true],
  [/\b(\d)\s*\/\s*(\d)\s+(?:etcd|control[-\s]?plane|masters?|cp|members?|servers?)\b/u, true],
  [/(\d{1,2})\s*(?:개|대)?\s*(?:의\s*)?(?:멤버|members?|노드)?\s*중(?:에서)?\s*(\d{1,2})/u, false],
];

/**
 * Several control-plane nodes lost with no total said ("losing 2 control-plane nodes", "마스터 2대가
 * 죽으면"): a majority of the three members of the usual HA control plane (kubeadm's HA topology,
 * https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/). "All 3" is
 * the whole control plane, read elsewhere.
 */
const SEVERAL_LOST =
  /(?<!\ball\s)\b(?:2|two)\s+(?:(?:of\s+)?(?:the\s+|our\s+)?(?:kubernetes\s+|k8s\s+)?)(?:control[-\s]?plane|masters?|etcd|cp)\b|(?:마스터|컨트롤\s*플레인|etcd)\s*(?:노드\s*)?(?:2|두)\s*(?:대|개)/u;

/**
 * Whether the text says a majority of etcd's members fail ("2 of 3 members go down", "etcd 3멤버 중
 * 2개 unhealthy 되면"): etcd needs floor(n/2)+1 of n members for quorum
 * (https://etcd.io/docs/v3.5/faq/#what-is-failure-tolerance).
 * @param lower - the request, lowercase
 * @param s - its signals (a down action is needed)
 */
function majorityLost(lower: string, s: Signals): boolean {
  if (
    !(s.actions.has('down') || REMOVAL.test(lower)) ||
    !/etcd|members?|멤버|masters?|control[-\s]?plane|servers?|마스터|컨트롤\s*플레인|서버/u.test(lower)
  )
    return false;
  for (const [re, lostFirst] of MEMBERS_OF) {
    const m = re.exec(lower);
    if (m === null) continue;
    const [lost, total] = lostFirst ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
    if (total > 0 && lost <= total) return lost >= total - Math.floor(total / 2);
  }
  return SEVERAL_LOST.test(lower);
}

/**
 * Whether the several nodes named are the members whose loss the text asks about: the quorum's
 * loss is said after them, as their consequence ("destroy cp-2 and cp-3? would that leave etcd
 * without quorum?"), not before them as the situation ("during a quorum loss, delete cp-2 cp-3"),
 * and they fail or are removed (a planned reboot of two is a plan, whose answer weighs the quorum).
 * @param lower - the request, lowercase
 * @param s - its signals
 */
function membersLost(lower: string, s: Signals): boolean {
  const first = s.nodes[0];
  if (s.nodes.length < 2 || first === undefined || nodeActionOf(s, lower) !== 'node-down') return false;
  const after = lower.slice(Math.max(0, lower.indexOf(first)));
  return QUORUM_LOSS.test(after) || majorityLost(lower, s);
}

/** A rolling update or restart of a component ("rolling update of kube-proxy, safe?", "kube-proxy 롤링 업데이트"). */
const ROLLING =
  /\broll(?:ing)?[-\s]?(?:update|restart|upgrade)\b|\broll[-\s]?out\b|\broll[-\s]?back\b|롤링\s*(?:업데이트|재시작|업그레이드)|롤아웃|롤백/u;

/** The add-ons a cluster runs as a DaemonSet or a Deployment (kube-proxy, CoreDNS, the CNI plugin). */
const ROLLED_ADDONS: ReadonlySet<string> = new Set(['kube-proxy', 'coredns', 'cni']);

/**
 * A cluster add-on named by its workload object ("the kube-proxy DaemonSet", `deployment/coredns`,
 * "kube-proxy 데몬셋") or as an add-on ("update the add-ons (CoreDNS, kube-proxy)"): restarting or
 * updating it is its rollout, since a DaemonSet or Deployment is restarted and updated by rolling
 * its Pods (`kubectl rollout restart`, kubernetes.io/docs/reference/kubectl/generated/kubectl_rollout/;
 * kubeadm upgrades CoreDNS and kube-proxy as add-ons,
 * kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/).
 */
const ADDON_OBJECT =
  /\b(?:daemon[-\s]?sets?|deployments?|ds|deploy|add-?ons?)\b|데몬\s*셋|디플로이먼트|애드온/u;

/**
 * Whether a text names an add-on's workload object or add-ons ({@link ADDON_OBJECT}): the grammar's
 * restart of a component is then its rollout, which the understanding reads.
 * @param text - the request
 */
export function namesAddonObject(text: string): boolean {
  return ADDON_OBJECT.test(text.toLowerCase());
}

/** "patch" names a reboot only when nothing stronger is named ("can I patch atlas-wk-1"). */
const WEAK_REBOOT = /\bpatch(?:ed|ing)?\b|패치\s*해/u;

/**
 * A restart that fails ("kubelet이 재시작되지 못하면", "if containerd fails to restart", "won't come
 * back", "can't start"), or a restart loop ("keeps restarting", "재시작만 반복": kubelet's
 * CrashLoopBackOff back-off, kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-restarts):
 * the component stays down, so the text is read with a failure word in its place.
 */
const RESTART_FAILS =
  /(?:재시작|재기동|재부팅|시작)\s*(?:이|가)?\s*(?:되지|하지)\s*(?:못|않|안)\S*|(?:재시작|재기동)\s*(?:이|가)?\s*(?:안|못)\s*(?:되|하)\S*|(?:실행|동작|작동|기동)\s*(?:이|가)?\s*(?:되지|하지)\s*(?:않|못)\S*|\b(?:fails?|failed|unable|can'?t|cannot|won'?t|doesn'?t|does\s+not|did\s+not|didn'?t|could\s+not|couldn'?t|never)\s+(?:to\s+)?(?:restart|come(?:s)?\s+(?:back\s+)?(?:up|online)|came\s+back(?:\s+up)?|come\s+back|start(?:\s+(?:again|up))?(?!\s+(?:the\s+|a\s+)?(?:drain|maintenance|upgrade|re-?boot)))\b|\b(?:keeps?|kept)\s+(?:on\s+)?(?:re-?starting|re-?booting|crashing)\b|\brestart(?:ing)?\s+loop\b|(?:계속\s*)?(?:재시작|재기동)\S*\s*(?:만\s*)?(?:반복|루프)\S*/gu;

/** The asker stopping something: "if you stop kubelet", "we kill etcd", "kubelet을 중지하면". */
const PLANNED_STOP =
  /\b(?:i|we|you)\s+(?:\S+\s+)?(?:stop|kill|shut\s+down|disable)\b|(?:을|를)\s*(?:중지|정지|종료|중단)\s*(?:하|시키|해)/u;

/**
 * "after (a) reboot", "재시작 후": when a failure was seen, not the action asked ("kubelet won't
 * restart after reboot on X", "재시작 후 kubelet 서비스가 실행되지 않으며"); dropped when the text
 * says a failure.
 */
const AFTER_RESTART =
  /\b(?:after|since)\s+(?:a\s+|the\s+|its\s+|each\s+)?(?:node\s+)?(?:re-?boot|restart)(?:ing)?\b|(?:재시작|재부팅|리부팅|재기동)\s*(?:한\s*)?(?:후에?|이후에?|뒤에?|다음에?)/gu;

/**
 * A drain said as done ("pods are evicted from X", "X is already drained", "X 드레인은 이미 끝났는데"):
 * the situation of the question, not its action.
 */
const DRAIN_DONE =
  /(?<=\b(?:are|were|is|was|been|already)\s+)(?:already\s+)?(?:evicted|drained|cordoned|evacuated)\b|(?:드레인|drain|코든|cordon)\s*(?:은|는|이|을|도)?\s*(?:이미\s*)?(?:완료(?:했|됐|되었|된)?|끝났|끝난|했는데)\S*/gu;

/** Failure words: a node that dies, is damaged, destroyed or crashes is a what-if, never a planned outage. */
const FAILURE =
  /\b(?:dies|die|died|dead|crash(?:es|ed)?|fail(?:s|ed|ure)?|damaged|destroy(?:ed)?|broken|outage|wiped|corrupted|fried|bricked|unhealthy|nuked?|unplugged|yanked|losing|notready|unreachable|unavailable)\b|(?:문제|이상|흔들림|결함)\s*(?:이|가)?\s*(?:생기|발생)|장애|정전|죽[가-힣]|망가|고장|날아가|날라가|터지|손실|비정상|전원\s*(?:이|을)?\s*(?:off|오프|꺼|껐|끄|나가|내리|내렸)/u;

/**
 * An OS, kernel or security update (or patches applied) names an upgrade of the node when no
 * stronger word (a reboot, a drain, a maintenance) is named: "apply the kernel update on X", "patch the node OS packages on
 * X", "X에 보안 및 커널 업데이트 적용" (issue 30: OS/kernel/security patch = upgrade, not reboot).
 */
const WEAK_UPGRADE =
  /\b(?:os|kernel|security|system)\s+(?:update|upgrade|patch|package)(?:es|ing|ed|s)?\b|\b(?:update|patch|upgrade)(?:es|ing|ed)?\s+(?:the\s+)?(?:node\s+)?(?:os|kernel|system)\b|(?:os|커널|보안)\s*(?:(?:및|과|와|,)\s*(?:os|커널|보안)\s*)?(?:업데이트|패치)|\bapply(?:ing)?\s+(?:the\s+|all\s+|any\s+)?(?:os\s+|security\s+|kernel\s+|pending\s+)?(?:patch(?:es)?|updates)\b/u;

/**
 * A reboot named as what an update needs, in a clause describing the update ("OS patches that
 * require a reboot", "재부팅이 필요한 커널 패치"): a property of the update, not a reboot asked; left
 * out when the text names an update. "The kernel patch needs a reboot, is it safe?" asks the reboot.
 */
const REBOOT_NEEDED =
  /\b(?:that|which)\s+(?:require|requires|required|need|needs)\s+(?:a\s+)?(?:re-?boot|restart)\b|(?:재부팅|리부팅|재시작)\s*(?:이|가)?\s*필요한/gu;

/**
 * Short words typed with two letters swapped (`waht`, `donw`, `dwon`): the typo rule of
 * {@link typoAction} is for words of five letters or more, so these are fixed by a list.
 */
const SHORT_TYPOS: readonly [RegExp, string][] = [
  [/\b(?:waht|whta|hwat|wat)\b/gu, 'what'],
  [/\b(?:donw|dwon|odwn|dowm|donn)\b/gu, 'down'],
  [/\b(?:deda|daed)\b/gu, 'dead'],
  [/\b(?:ndoe|noed|nod)\b/gu, 'node'],
];

/** A node removed, deleted or rebuilt: it does not come back as it was, so never a planned reboot. */
const REMOVAL =
  /\b(?:remove|removes|removed|removing|delete|deletes|deleted|deleting|recreate|rebuild|replace)\b|제거|삭제|지우|지워|빼(?:도|면|려|고)|다시\s*만들|재생성/u;

/**
 * A node referred to without its name ("a node", "one control plane/etcd node", "lose 1 node",
 * "the node acting as the leader", "the node where the pod is running", "cluster nodes", "노드
 * 하나가", "특정 노드가", "노드가 다운되면"): with a failure, one of the nodes (of the role the text
 * names) failing.
 */
const SOME_NODE =
  /\bthe\s+node\s+(?:acting\s+as|that\s+(?:is|runs|hosts)|which\s+(?:is|runs|hosts)|where|running|hosting)\b|\bcluster\s+nodes\b|\b(?:a|an|one|any|single|some|1)\s+(?:(?:single|worker|kubernetes|k8s|cluster|master|control[-\s]?plane(?:\/etcd)?|etcd|cp)\s+){0,2}nodes?\b|노드\s*(?:하나|한\s*대|1\s*대)|(?:특정|어떤|어느|일부)\s*노드|(?:^|\s)(?:(?:워커|작업자|마스터|컨트롤\s*플레인)\s*)?노드(?:(?:가|의|이)(?=\s)|\s*상태)/u;

/**
 * The whole cluster said to be dead ("our cluster is down", "클러스터가 죽었어요") or without power
 * ("cluster unrecoverable after a power outage", "정전 후 클러스터"): every control plane node is
 * out (the API is gone), the control plane's outage.
 */
const CLUSTER_DOWN =
  /\bcontrol[-\s]?plane\s+(?:is|went|was|has\s+gone)\s+(?:completely\s+|totally\s+|effectively\s+)?(?:down|dead)\b|(?:컨트롤\s*플레인|마스터)\S*\s*(?:이|가)?\s*(?:\S+\s+){0,2}?기능\S*\s*(?:을|를)?\s*(?:잃|상실)|(?<!\bin\s+(?:a|an|the|our|my)\s+(?:\S+\s+)?)\bcluster\s+(?:is|went|goes|was|has\s+gone)\s+(?:completely\s+|totally\s+)?(?:down|dead)\b|\bcluster\b[^.?!]*\bpower\s+(?:outage|failure|loss|cut)s?\b|\bpower\s+(?:outage|failure|loss|cut)s?\b[^.?!]*\bcluster\b|클러스터[^.?!]*정전|정전[^.?!]*클러스터|클러스터\S*\s*(?:가|이)?\s*(?:완전히\s*)?(?:죽었|다운됐|다운되었|먹통|망가졌)/u;

/** Words that make "goes down" / "lose" a what-if question rather than a planned outage. */
const CONDITIONAL =
  /\bwhat\s+if\b|\bif\b|\bwhat\s+happens\b|\bwhat\s+breaks\b|\bwhen\b|되면|돼도|죽으면|나면|꺼지면|멈추면|내려가면|죽어도|(?:을|았을|었을|였을|할|될)\s*(?:때|경우)|(?<=[가-힣])(?<![측표화전정반방단평지])면(?=$|[\s?.,!])/u;

/**
 * Keywords checked for typos: same first letter, one edit (two for keywords of 7+ letters;
 * transpositions count one), or one edit once doubled letters are single (`reebot`).
 */
const TYPO_WORDS: Readonly<Record<string, Action>> = {
  reboot: 'reboot',
  restart: 'reboot',
  drain: 'drain',
  upgrade: 'upgrade',
  status: 'status',
  quorum: 'status',
  health: 'status',
  cordon: 'drain',
  evacuate: 'drain',
  shutdown: 'down',
  losing: 'down',
};

/**
 * Plan mode words. "One of the masters", "노드 중 하나" is each of them in turn (one at a time),
 * not all of them together.
 */
const ONE_BY_ONE =
  /\bone\s+of\s+(?:the\s+|our\s+|my\s+)?(?:\S+\s+)?(?:masters?|control[-\s]?planes?|workers?|nodes?|servers?)\b|(?:노드|마스터|서버|워커|컨트롤\s*플레인)\S*\s*중\s*(?:하나|한\s*대|1\s*대)|\bone\s+(?:by|at|after)\s+(?:one|a\s+time|another|the\s+other)\b|\bone\s+node\s+at\s+a\s+time\b|\b1\s+at\s+a\s+time\b|\border\b|\brolling\b|\bsequential(?:ly)?\b|\bin\s+sequence\b|\bstaggered\b|\bwhich\b.*\bfirst\b|\bonly\s+one\b.*\b(?:at\s+a\s+time|at\s+any\s+(?:time|point)|at\s+once)\b|\bat\s+any\s+(?:time|point)\b.*\bonly\s+one\b|\s(?:->|→|=>)\s|하나씩|한\s*대씩|한\s*개씩|순서|차례|순차|롤링|번갈아/u;

/** Together-mode words: "at the same time", "at once", "simultaneously", "동시에", "한꺼번에". */
const TOGETHER =
  /\b(?:at\s+the\s+same\s+time|at\s+once|simultaneously|together|in\s+parallel|concurrently|all\s+at\s+once)\b|동시에|한꺼번에|같이|함께|한\s*번에/u;

/**
 * Steps done to one node and then the next ("… and then take down the other node", "move on to
 * the next node", "다음 노드로 넘어가"), or nodes maintained in a window or with a parallelism limit
 * ("a scheduled drain window, maxParallel 1"): the fleet maintenance plan, which maintains the
 * nodes one at a time (src/commands/parse-maintenance-plan-command.ts).
 */
const NEXT_NODE =
  /\bmax[-\s]?parallel\b|\b(?:maintenance|drain|reboot|upgrade)\s+window\b|(?:유지\s*보수|점검|드레인|재부팅)\s*(?:창|윈도우?|시간대)|\b(?:move\s+on|go\s+on|proceed|continue)\s+(?:to|with)\s+the\s+(?:next|other)\s+node\b|\bthen\s+(?:\S+\s+){1,3}?the\s+(?:next|other)\s+node\b|다음\s*노드(?:로|에)/u;

/** Group words. A singular word ("the master", "마스터") is a group only with a plan word (see below). */
const GROUPS: readonly { group: 'workers' | 'control-plane' | 'all'; plural: RegExp; singular?: RegExp }[] = [
  {
    group: 'workers',
    plural:
      /\bworkers\b|\bworker\s+nodes\b|\b(?:all|every)\s+(?:of\s+)?(?:the\s+|our\s+)?worker\b|모든\s*워커|워커\s*(?:노드\s*)?(?:들|전부|모두|다|전체|(?:두|세|네|\d+)\s*대)|worker\s*노드\s*(?:전부|모두|다|전체)|워커들/u,
    singular: /\bworker\b|워커|작업자/u,
  },
  {
    group: 'control-plane',
    plural:
      /\bmasters\b|\bmaster\s+nodes\b|\bcontrol[-\s]?plane\s+nodes\b|\bcp\s+nodes\b|\b(?:all|every)\s+(?:of\s+)?(?:the\s+)?(?:control[-\s]?plane|master)\b|모든\s*(?:마스터|컨트롤\s*플레인)|(?:마스터|컨트롤\s*플레인)\s*(?:노드\s*)?(?:들|전부|모두|다|전체|(?:두|세|네|다섯|\d+)\s*대)/u,
    singular: /\bmaster\b|\bcontrol[-\s]?plane\b|마스터|컨트롤\s*플레인/u,
  },
  {
    group: 'all',
    plural:
      /\b(?:all|every)\s+(?:of\s+)?(?:the\s+|our\s+)?nodes?\b|\b(?:whole|entire)\s+cluster\b|모든\s*노드|전체\s*노드|노드\s*(?:전부|전체|모두)/u,
    singular:
      /\b(?:one|any)\s+of\s+(?:the\s+|our\s+|my\s+)?nodes\b|노드\S*\s*중\s*(?:하나|한\s*대|1\s*대)|\b(?:the|our)\s+nodes\b|(?:^|\s)노드(?:들)?(?:을|를)(?=\s|$)/u,
  },
];

/** "zone X", "in zone X", "X 존". */
const ZONE =
  /\bzone\s+([a-z0-9][a-z0-9.-]*[a-z0-9])|([a-z0-9][a-z0-9.-]*[a-z0-9])\s*존(?:의|에\s*있는)?(?=\s|$)/u;

/** `-l sel`, `--selector sel`, `--selector=sel`, `with label(s) sel`: a label selector (kubectl's spelling). */
const SELECTOR =
  /(?:^|\s)(?:-l|--selector|--label|(?:with\s+)?(?:the\s+)?labels?)(?:=|\s+)((?:[a-z0-9][a-z0-9./_-]*\s*(?:!=|==|=)\s*[a-z0-9._-]*)(?:,\s*[a-z0-9][a-z0-9./_-]*\s*(?:!=|==|=)\s*[a-z0-9._-]*)*)(?=\s|$|[?!.,])/iu;

/**
 * Take a label selector out of a text (before options are read: `--selector` is not an option the
 * grammar knows, and `-l` would be read as a word).
 * @param text - normalised text
 * @returns the text without the selector, and the selector (spaces removed) when one was found
 */
export function takeSelector(text: string): { rest: string; selector?: string } {
  const m = SELECTOR.exec(text);
  if (m === null || m[1] === undefined) return { rest: text };
  return {
    rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim(),
    selector: m[1].replace(/\s+/g, ''),
  };
}

/** English reasons and purposes, cut from the text when an action was named before them. */
const REASON = /(?:,\s*|\s)(?:for|before|after|because(?:\s+of)?|due\s+to|since|so\s+that|as)\s.*$/u;

/** Words never taken for a node name, although shaped like one. */
const NOT_NODES = new Set([
  'k8s',
  'k3s',
  'rke2',
  'ipv4',
  'ipv6',
  'x86',
  'amd64',
  'arm64',
  'v1',
  'v2',
  'cve',
  'os',
  'x',
  'a',
  'i',
  'it',
  'them',
  'that',
  'this',
  'one',
  'nodes',
  'node',
  'mr',
  'ha',
  'pdb',
  'pdbs',
  'l',
  'cp',
  'wk',
  'ok',
  'okay',
  'e.g',
  'i.e',
  'hey',
  'pls',
  'power-cycle',
  'power-cycled',
  're-boot',
  'control-plane',
  'one-by-one',
  'in-place',
  'node-pool',
  'node-role',
  'non-voter',
  'well-known',
]);

/**
 * A word that refers to a node named earlier instead of naming one: "it", "them", "that node", "그
 * 노드", "그거". In one message the sentence before supplies it ({@link focusOf}); the interactive
 * console supplies the node of its last answer (adapters/console/console-adapter.ts); else there is
 * none, and the parser says so (`no-earlier-node`) rather than read the word as a node name.
 */
const EARLIER_NODE =
  /\b(?:it|its|them|they|(?:that|this|the\s+same)\s+(?:node|one|server|machine))\b|(?<![가-힣])(?:(?:그|이|저|해당)\s*(?:노드|서버)|그거|그것|저거|그)(?![가-힣])/iu;

/**
 * Whether a text refers to a node named earlier ({@link EARLIER_NODE}).
 * @param text - the request, or a token the grammar took for a node name
 */
export function refersToEarlierNode(text: string): boolean {
  return EARLIER_NODE.test(text);
}

/** Reserved words: when the grammar takes one of these for a node, the understanding decides instead. */
export const RESERVED_NODE_WORDS = new Set([
  'a',
  'an',
  'it',
  'them',
  'that',
  'this',
  'those',
  'these',
  'all',
  'both',
  'everything',
  'everyone',
  'workers',
  'masters',
  'nodes',
  'worker',
  'master',
  'controlplane',
  'control-plane',
  'cluster',
  'one',
  'each',
  'every',
  'ok',
  'okay',
]);

/** A version such as `1.34`, `v1.34.2`. */
const VERSION = /^v?\d+\.\d+(?:\.\d+)?$/u;
/** Times and durations (`10m`, `2am`, `24h`), counts (`3대`). */
const NOT_NODE_SHAPES = /^(?:\d+(?:s|m|h|d|w|am|pm|min|mins|hrs?)?|\d+(?::\d+)+|mr-[a-z2-7]{10})$/u;

/** File names (`kube-apiserver.yaml`, `upgrade-cluster.yml`): never a node. */
const FILE_NAME =
  /\.(?:ya?ml|json|sh|conf|cfg|service|txt|log|tar|gz|tgz|zip|toml|ini|pem|crt|key|py|go|md)$/u;

/** A count of machines written as one word (`two-node`, `3-master`, `single-server`): a topology, not a node. */
const TOPOLOGY_WORD =
  /^(?:single|multi|one|two|three|four|five|six|seven|\d+)-(?:nodes?|masters?|servers?|workers?|members?|cp|etcd)$/u;

/**
 * Whether a word no real node carries still looks like a node name (issue 30: `read-only`,
 * `non-existent`, `ansible-playbook`, `kube-apiserver.yaml` are no nodes): letters with digits
 * (`atlas-wk-3`, `node7`, `ip-10-0-1-12.ec2.internal`) or a name that says a role
 * (`eridani-cp`, `kind-control-plane`; see {@link roleOfName}), never a file name, a topology word or
 * a pseudo-name's lookalike. Hyphenated English words (`re-install`, `command-line`) say neither.
 * @param token - the word, lowercase
 */
export function nodeShaped(token: string): boolean {
  if (token === THE_CONTROL_PLANE_NODE || token === THE_ETCD_LEADER) return true;
  if (!/[a-z]/u.test(token) || FILE_NAME.test(token) || TOPOLOGY_WORD.test(token)) return false;
  if (namesProgram(token)) return false;
  return (
    (/\d/u.test(token) && /[-.]|\d$/u.test(token)) || (/[-.]/u.test(token) && roleOfName(token) !== null)
  );
}

/**
 * A word that names a program, not a machine (`etcd-server`, `rke2-agent`, `kube-controller`): it
 * ends in a service role and holds no digit after it, so no node name it could be (issue 30 set c:
 * "etcd-server on atlas-cp-1 is not available" named atlas-cp-1, not a node `etcd-server`).
 */
const SERVICE_WORD =
  /-(?:server|apiserver|agent|controller|manager|proxy|scheduler|daemon|operator|service)$/u;

/**
 * The component a word names, by an alias (`kubelet`, `apiserver`), a plural (`kubelets`), or an
 * alias followed by a word (`etcd-server`, `kube-apiserver-atlas-cp-1`, the static Pod's name
 * `<component>-<node>`): never a node name unless the cluster has a node of that exact name (the
 * caller checks the node list first). `etcd-1` (an alias and a number) stays a possible node.
 * @param token - the word, lowercase
 * @returns the component, or null
 */
export function componentWord(token: string): ComponentName | null {
  const direct = normalizeComponent(token) ?? normalizeComponent(token.replace(/(?<=[a-z]{4})s$/u, ''));
  if (direct !== null) return direct;
  for (let i = token.indexOf('-'); i > 0; i = token.indexOf('-', i + 1)) {
    const head = normalizeComponent(token.slice(0, i));
    if (head !== null && /^[a-z]/u.test(token.slice(i + 1))) return head;
  }
  return null;
}

/**
 * Whether a word names a program rather than a node: a component ({@link componentWord}) or a
 * service ({@link SERVICE_WORD}), and no node of the cluster carries it exactly.
 * @param token - the word, lowercase
 * @param nodes - the cluster's node names, when known
 */
export function namesProgram(token: string, nodes?: readonly string[]): boolean {
  const t = token.toLowerCase();
  if (nodes?.some((n) => n.toLowerCase() === t) === true) return false;
  return componentWord(t) !== null || SERVICE_WORD.test(t);
}

/** A list separator between two names: `,`, `and`, `or`, `&`, `+`, `및`, a Korean particle. */
const LIST_JOIN = String.raw`(?:\s*,\s*(?:and\s+)?|\s+(?:and|or)\s+|\s*[&+]\s*|\s+및\s+|(?:이랑|랑|하고|와|과)\s*)`;

/**
 * Whether `name` stands in a list in `text` (a list separator right before or after it).
 * @param text - the text, lowercase
 * @param name - a word of it, lowercase
 */
export function listed(text: string, name: string): boolean {
  const n = name.replace(/[.]/gu, '\\.');
  return new RegExp(
    `[a-z0-9]${LIST_JOIN}${n}(?![a-z0-9.-])|(?<![a-z0-9.-])${n}${LIST_JOIN}[a-z0-9]`,
    'u',
  ).test(text);
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** Real words within a typo's reach of a keyword: `restore` is no `restart`. */
const REAL_WORDS = /^restor(?:e|es|ed|ing)$/u;

/** The action a word is a typo of, or null. */
function typoAction(word: string): Action | null {
  if (word.length < 5 || /\d/u.test(word) || REAL_WORDS.test(word)) return null;
  for (const [keyword, action] of Object.entries(TYPO_WORDS)) {
    if (word === keyword || word[0] !== keyword[0] || Math.abs(word.length - keyword.length) > 2) continue;
    if (
      osa(word, keyword) <= (keyword.length >= 7 ? 2 : 1) ||
      osa(word.replace(/(.)\1+/gu, '$1'), keyword.replace(/(.)\1+/gu, '$1')) <= 1
    )
      return action;
  }
  return null;
}

const SEPARATORS = /[-._]/gu;

/** The digit runs of a name (`atlas-wk-12` → `12`): a typo never changes them. */
function digitsOf(name: string): string {
  return (name.match(/\d+/gu) ?? []).join(',');
}

/**
 * Resolve a typed token against the cluster's node names.
 *
 * In order: the exact name (case-insensitive); the name with separators ignored (`atlas-wk1`);
 * the one node the token is the trailing or leading part of at a separator (`wk-2` → `pavo-wk-2`,
 * `vmss000001` → `aks-user-…-vmss000001`); the one node within one edit (two for names of 8+
 * characters; transpositions count one) among the nodes with the same digits (`altas-wk-1` →
 * `atlas-wk-1`; never a part replaced whole: `atlas-wk-3` is no typo of `atlas-cp-3`, see
 * `isTypoOf`); a role mention (`wk1`, `worker-2`, `cp2`, `master-2`; {@link resolveRoleMention});
 * {@link THE_CONTROL_PLANE_NODE} to the only control-plane node. Ambiguous tokens resolve to nothing.
 *
 * @param token - the token, lowercase
 * @param nodes - the cluster's node names
 * @returns the node name as the cluster spells it, or undefined
 */
export function resolveNodeName(token: string, nodes: readonly string[]): string | undefined {
  const t = token.toLowerCase();
  const exact = nodes.find((n) => n.toLowerCase() === t);
  if (exact !== undefined) return exact;
  if (t === THE_CONTROL_PLANE_NODE) return resolveOnlyControlPlane(nodes);
  const bare = t.replace(SEPARATORS, '');
  const sameBare = nodes.filter((n) => n.toLowerCase().replace(SEPARATORS, '') === bare);
  if (sameBare.length === 1) return sameBare[0];
  const affix = nodes.filter((n) => {
    const l = n.toLowerCase();
    return (
      (l.endsWith(t) && /[-._]/u.test(l.charAt(l.length - t.length - 1))) ||
      (l.startsWith(t) && /[-._]/u.test(l.charAt(t.length)))
    );
  });
  if (affix.length === 1) return affix[0];
  if (affix.length > 1) return undefined;
  const byRole = resolveRoleMention(t, nodes);
  if (byRole !== undefined) return byRole;
  const digits = digitsOf(t);
  const close = nodes.filter((n) => digitsOf(n) === digits && isTypoOf(t, n.toLowerCase()));
  return close.length === 1 ? close[0] : undefined;
}

/** A name's parts: its runs of letters and of digits (`atlas-wk-3` → atlas, wk, 3). */
function partsOf(name: string): string[] {
  return name.match(/[a-z]+|\d+|[^a-z\d\-._]+/gu) ?? [];
}

/**
 * Whether `typed` is a typo of the node name `node`: within one edit (two for names of 8+
 * characters), and, part by part, fewer edits than half the part (`atlas-wk-3` is no typo of
 * `atlas-cp-3`, nor is `atlas-ck-3`: in a two-letter role there is no room for a slip, and a wrong
 * node is worse than "no node named …; did you mean"; mined phrasing set
 * test/fixtures/requests/mined-2026-12-a.results.md). Parts that do not line up (a separator or a
 * part missing) leave one edit in all.
 */
function isTypoOf(typed: string, node: string): boolean {
  const bare = typed.replace(SEPARATORS, '');
  const total = osa(node.replace(SEPARATORS, ''), bare);
  const a = partsOf(typed);
  const b = partsOf(node);
  if (a.length !== b.length) return total <= 1;
  if (total > (bare.length >= 8 ? 2 : 1)) return false;
  return a.every((part, i) => {
    const other = b[i] ?? '';
    const edits = osa(part, other);
    return edits === 0 || (edits * 2 < other.length && edits <= (other.length >= 8 ? 2 : 1));
  });
}

/** Split a token glued to a Korean particle (`wk-2이랑` → `wk-2`, `이랑`). */
function splitToken(token: string): string[] {
  const m = /^([a-z0-9][a-z0-9.-]*?)([\u3131-\u318E\uAC00-\uD7A3].*)$/u.exec(token);
  return m === null ? [token] : [m[1] ?? '', m[2] ?? ''];
}

/**
 * A word listed beside a node with "and", `&`, `+`, `및` or a Korean particle (`atlas-wk-1 and bar,
 * can I reboot them?`, `wk-1이랑 bar`): a name too, though not shaped like one, when the list ends
 * there (end of text, punctuation, "and", a verb, a plan word or Korean). A bare comma is not
 * enough (`reboot atlas-cp-2, thoughts?`). Kept so that the answer says "No node named bar" rather than analysing fewer nodes
 * than were named.
 */
const LISTED_WORD =
  /([a-z0-9][a-z0-9.-]*)(?:\s*,\s*and\s+|\s+and\s+|\s*&\s*|\s*\+\s*|\s+및\s+|(?:이랑|랑|하고|와|과)\s*)([a-z][a-z0-9.-]*)(?=$|\s*[,?!.]|\s+and\s|\s+(?:re-?boot|restart|drain|upgrade|bounce|cordon|together|one\s+by\s+one|one\s+at\s+a\s+time|at\s+once|both|safely|tonight|now|too)\b|\s*[\u3131-\u318E\uAC00-\uD7A3])/gu;

/** Words after "and" that are no node name, though alone at the end of a list. */
const NOT_LISTED = new Set([
  'then',
  'also',
  'too',
  'now',
  'later',
  'safely',
  'safe',
  'fine',
  'possible',
  'please',
  'right',
  'tonight',
  'today',
  'tomorrow',
  'together',
  'first',
  'yes',
  'no',
  'thanks',
  'so',
  'on',
]);

/** Add the words listed beside a node (see {@link LISTED_WORD}) to `nodes`, in the order named. */
function addListedWords(text: string, nodes: string[], known: readonly string[] | undefined): void {
  const re = new RegExp(LISTED_WORD.source, LISTED_WORD.flags);
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // The next list starts at this word (`a, b and c`).
    re.lastIndex = m.index + m[0].length - (m[2] ?? '').length;
    const word = m[2] ?? '';
    const before = m[1] ?? '';
    const beside = known === undefined ? before : (resolveNodeName(before, known) ?? before);
    if (
      !nodes.includes(beside) ||
      nodes.includes(word) ||
      // shaped like a node name: the token loop has read it (and resolved it)
      (/[\d.-]/u.test(word) && /[a-z]/u.test(word)) ||
      (known !== undefined && resolveNodeName(word, known) !== undefined) ||
      !isValidNodeName(word) ||
      NOT_NODES.has(word) ||
      NOT_LISTED.has(word) ||
      RESERVED_NODE_WORDS.has(word) ||
      normalizeComponent(word) !== null ||
      typoAction(word) !== null ||
      (Object.values(ACTIONS) as RegExp[][]).some((res) => res.some((re) => re.test(word))) ||
      GROUPS.some((g) => g.plural.test(word) || (g.singular?.test(word) ?? false))
    )
      continue;
    nodes.splice(nodes.indexOf(beside) + 1, 0, word);
  }
}

/** The signals read from one text. */
interface Signals {
  actions: Set<Action>;
  nodes: string[];
  group?: NodeGroup;
  mode?: PlanMode;
  drain: boolean;
  version?: string;
  component?: string;
  /** Every component named (a failure of several control-plane components is the control plane's). */
  components: Set<string>;
  /** The component changed is followed by its own failure ({@link failsItself}). */
  fails?: boolean;
}

/** Read the signals of a text (lowercase, NFKC). */
function readSignals(original: string, options: UnderstandOptions, clauses = true): Signals {
  let text = original;
  const actions = new Set<Action>();
  const oneByOne = ONE_BY_ONE.test(text);
  const anyAction = (s: string): boolean =>
    (['maintenance', 'upgrade', 'reboot', 'drain'] as const).some((a) =>
      ACTIONS[a].some((re) => re.test(s)),
    ) ||
    WEAK_REBOOT.test(s) ||
    WEAK_UPGRADE.test(s);
  // Reasons after an action: "reboot X for a kernel patch, is that ok" → "reboot X".
  const reason = REASON.exec(text);
  // Not when the node is named after it ("drain nodes before the upgrade - upgrade atlas-wk-1").
  if (
    reason !== null &&
    anyAction(text.slice(0, reason.index)) &&
    !/\border\b/u.test(text.slice(0, reason.index)) &&
    // "drain X before the reboot": the drain is part of the reboot asked about.
    !/^\W*before\s+(?:the\s+|a\s+|its\s+)?(?:re-?boot|restart)/u.test(text.slice(reason.index)) &&
    (!clauses || readSignals(text.slice(reason.index), options, false).nodes.length === 0)
  )
    text = text.slice(0, reason.index);

  for (const action of Object.keys(ACTIONS) as Action[]) {
    if (ACTIONS[action].some((re) => re.test(text))) actions.add(action);
  }
  const out: Signals = {
    actions,
    nodes: [],
    drain: ACTIONS.drain.some((re) => re.test(text)),
    components: new Set(),
  };

  const zone = ZONE.exec(text);
  if (zone !== null) {
    out.group = { type: 'zone', zone: zone[1] ?? zone[2] ?? '' };
    text = `${text.slice(0, zone.index)} ${text.slice(zone.index + zone[0].length)}`;
  }
  if (options.selector !== undefined) out.group = { type: 'selector', selector: options.selector };
  if (oneByOne) out.mode = 'one-by-one';
  else if (TOGETHER.test(text)) out.mode = 'together';
  text = joinMentions(text, !oneByOne);

  const resolved = new Set<string>();
  const tokens = text
    .replace(/\bnodes?\//gu, ' ')
    .split(/[\s,/+&?!:()"“”'‘’…~=]+/u)
    .filter((t) => !t.startsWith('-'))
    .flatMap(splitToken)
    .map((t) => t.replace(/^[.-]+|[.-]+$/gu, ''))
    .filter((t) => t.length > 0);
  for (const token of tokens) {
    const typo = typoAction(token);
    if (typo !== null && !ACTIONS[typo].some((re) => re.test(token))) {
      actions.add(typo);
      if (typo === 'drain') out.drain = true;
      continue;
    }
    if (VERSION.test(token)) {
      out.version = token;
      continue;
    }
    // A component's word, a Korean particle glued to it dropped ("스케줄러는", "kubelet이").
    // A word the cluster names a node of is that node, whatever it looks like.
    const component =
      options.nodes?.some((n) => n.toLowerCase() === token) === true
        ? null
        : (componentWord(token) ?? normalizeComponent(token.replace(/(?:은|는|이|가|을|를|의|도|만)$/u, '')));
    if (
      component === null &&
      (!/^[a-z0-9]/u.test(token) ||
        NOT_NODES.has(token) ||
        NOT_NODE_SHAPES.test(token) ||
        !isValidNodeName(token))
    )
      continue;
    if (component !== null) {
      out.components.add(component);
      // The component changed is named before the verb ("kubelet restarts", "kubelet이 종료되면")
      // or right after an English one ("restart the kubelet"); one named after the change is its
      // consequence ("if wk-1 goes down, the kube-controller-manager waits", "cp-3 제거하면 etcd 어떻게 돼").
      if (changedComponent(text, token)) {
        out.component = component;
        out.fails = failsItself(text, token);
      }
      continue;
    }
    const known = options.nodes === undefined ? undefined : resolveNodeName(token, options.nodes);
    if (known !== undefined) {
      if (!out.nodes.includes(known)) out.nodes.push(known);
      resolved.add(known);
    } else if (nodeShaped(token) && !out.nodes.includes(token)) out.nodes.push(token);
  }
  // An unresolved word is a node name only when it looks like one and the user clearly names a
  // node with it: no real node is named beside it, or it is listed with one (`atlas-wk-1 and
  // wk-9`), or it is a near miss of a real name (`atlas-wk-3`). `remove rke2 in atlas-cp-2`,
  // `restart rke2-server on atlas-cp-2`: the node is atlas-cp-2. The answer to a name kept says
  // "No node named X" with the closest real names.
  const known = options.nodes;
  if (known !== undefined && resolved.size > 0)
    out.nodes = out.nodes.filter(
      (n) =>
        resolved.has(n) ||
        n === THE_CONTROL_PLANE_NODE ||
        n === THE_ETCD_LEADER ||
        listed(text, n) ||
        closestNames(n, known).length > 0,
    );

  // Containers that cannot be created or stay "Created" are the container runtime's failure (a
  // member named beside one node is that node's etcd member, below: "2 of 3 members are available, X is unhealthy").
  if (out.component === undefined && RUNTIME_SYMPTOM.test(text)) out.component = 'container-runtime';
  addListedWords(text, out.nodes, options.nodes);
  if (clauses) out.nodes = outsideContext(text, out.nodes, options);
  // "마스터 노드 atlas-cp-2": the node named says which; the singular reference adds nothing.
  // "norma-cp-1 holds the etcd leader": likewise for the leader.
  if (out.nodes.length > 1)
    out.nodes = out.nodes.filter((n) => n !== THE_CONTROL_PLANE_NODE && n !== THE_ETCD_LEADER);
  if (
    out.component === undefined &&
    out.nodes.length === 1 &&
    /\bmembers?\b|멤버/u.test(text) &&
    !REMOVAL.test(text)
  )
    out.component = 'etcd';

  if (out.group === undefined) {
    for (const g of GROUPS) {
      if (
        g.plural.test(text) ||
        (out.mode === 'one-by-one' && g.singular !== undefined && g.singular.test(text))
      ) {
        out.group = { type: g.group };
        break;
      }
    }
  }
  return out;
}

/**
 * "When I remove X, will Y fail …?": the condition names what is asked about; a node named only in
 * the consequence is context. (English; a Korean condition ends in 면/때 and comes first already.)
 */
const CONDITION_THEN =
  /\b(?:if|when|once|after)\s+([^,?]+),\s*(?:will|would|does|do|is|are|can|could|should)\b/u;

/**
 * "Can I upgrade X while Y is down?", "With Y cordoned, can we drain X?", "Y가 다운된 상태에서 X
 * 업그레이드", "Y가 cordon된 상태에서 X 드레인": Y is the situation, not a target, when another node is named.
 */
const SITUATION =
  /\b(?:while|whilst|with)\s+(\S+(?:\s*(?:,|and)\s*\S+)*)\s+(?:(?:is|are|being|still|already)\s+(?:\S+\s+)?)?(?:down|offline|drained|cordoned|unavailable|notready|out|rebooting|upgrading)\b|(\S+?)(?:이|가)?\s*(?:다운된|내려간|꺼진|드레인된|(?:cordon|코든|드레인|drain)\s*(?:된|돼\s*있는|되어\s*있는)|재부팅\s*중인|장애\s*난)\s*(?:상태에서|동안|채로|중에)/u;

/**
 * The targets once context is set aside: the nodes of a condition when it names some
 * ({@link CONDITION_THEN}), less the nodes of a situation clause when others remain ({@link SITUATION}).
 * @param text - the text read
 * @param nodes - the nodes read from all of it
 * @param options - the node list
 */
function outsideContext(text: string, nodes: string[], options: UnderstandOptions): string[] {
  let out = nodes;
  const cond = CONDITION_THEN.exec(text);
  if (cond !== null) {
    const asked = readSignals(cond[1] ?? '', options, false).nodes;
    if (asked.length > 0) out = out.filter((n) => asked.includes(n));
  }
  const situation = SITUATION.exec(text);
  if (situation !== null) {
    const aside = readSignals(situation[1] ?? situation[2] ?? '', options, false).nodes;
    const left = out.filter((n) => !aside.includes(n));
    if (left.length > 0) out = left;
  }
  return out;
}

/**
 * Whether the component word `token` in `text` names what changes (see readSignals): before the
 * first reboot or down verb, or right after an English one (an article between at most).
 * @param text - the text, lowercase
 * @param token - the component's word as typed
 */
function changedComponent(text: string, token: string): boolean {
  const at = text.indexOf(token);
  const verbs = [...ACTIONS.reboot, ...ACTIONS.down]
    .map((re) => re.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => a.index - b.index);
  const verb = verbs[0];
  if (at < 0 || verb === undefined || at < verb.index) return true;
  // A component followed by its own failure ("the etcd pod … is in CrashLoopBackOff", "kubelet
  // 서비스가 정상적으로 실행되지 않으며") is the one that changed, wherever the other verbs are.
  if (failsItself(text, token)) return true;
  if (/[\uAC00-\uD7A3]/u.test(verb[0])) return false;
  return /^\s*(?:of\s+)?(?:(?:the|its|their|a)\s+)?(?:(?:daemon-?sets?|deployments?|ds|deploy)[\s/]+)?$/u.test(
    text.slice(verb.index + verb[0].length, at),
  );
}

/**
 * Whether the component word `token` in `text` is followed by its own failure in its sentence
 * ("the kubelet service fails", "the etcd pod … is in CrashLoopBackOff").
 * @param text - the text, lowercase (restart failures already read as "fails", see questionOf)
 * @param token - the component's word as typed
 */
function failsItself(text: string, token: string): boolean {
  const at = text.indexOf(token);
  if (at < 0) return false;
  const own = text.slice(at + token.length).split(/[.?!]\s/u)[0] ?? '';
  return (
    /^\S*\s+(?:\S+\s+){0,6}?(?:fails\b|(?:is|are)\s+(?:down|dead|unhealthy|unavailable)\b)/u.test(own) ||
    SYMPTOM.test(own.slice(0, 60))
  );
}

/** The strongest node action named, or null. */
function nodeActionOf(s: Signals, text: string): MultiNodeAction | 'maintenance' | null {
  if (s.actions.has('maintenance')) return 'maintenance';
  if (s.actions.has('upgrade')) return 'upgrade';
  if (s.actions.has('reboot')) return 'reboot';
  if (s.actions.has('drain')) return 'drain';
  if (s.actions.has('down')) {
    // "what if X goes down" is a what-if; "can X go down for a while" is a planned outage; a node
    // that dies, is damaged or fails is never planned.
    if (
      CONDITIONAL.test(text) ||
      FAILURE.test(text) ||
      SYMPTOM.test(text) ||
      REMOVAL.test(text) ||
      CLUSTER_DOWN.test(text)
    )
      return 'node-down';
    // "can X go down for a while", "X down ok?", "X 꺼도 돼?": planned; "X down, whole cluster down?": a failure.
    if (/\b(?:can|could|may|ok|okay|safe)\b|(?:꺼|내려|다운)\s*(?:도|해도)|괜찮/u.test(text)) return 'reboot';
    return s.nodes.length > 0 || SOME_NODE.test(text) || CLUSTER_DOWN.test(text) ? 'node-down' : null;
  }
  if (WEAK_UPGRADE.test(text)) return 'upgrade';
  if (WEAK_REBOOT.test(text)) return 'reboot';
  // "masters one by one, what order?": a plan with no verb is a reboot plan (what the bot plans).
  if (
    s.mode === 'one-by-one' &&
    (s.group !== undefined || s.nodes.length > 1) &&
    !s.actions.has('status') &&
    !s.actions.has('help')
  )
    return 'reboot';
  return null;
}

/**
 * Where the first of these patterns matches in `text`, or Infinity.
 * @param res - the patterns (an action's words)
 * @param text - the text, lowercase
 */
function firstIndex(res: readonly RegExp[], text: string): number {
  return Math.min(...res.map((re) => re.exec(text)?.index ?? Infinity));
}

/** Sentence ends: `.`, `!`, `?` (and their full-width forms after NFKC) followed by a space. */
const SENTENCE_END = /(?<=[.!?。])\s+/u;

/** Whether a sentence asks for something: an action, status, help or a tolerance question. */
function asksSomething(sentence: string): boolean {
  return (
    (Object.values(ACTIONS) as RegExp[][]).some((res) => res.some((re) => re.test(sentence))) ||
    TOLERANCE.test(sentence) ||
    WEAK_REBOOT.test(sentence) ||
    WEAK_UPGRADE.test(sentence) ||
    sentence.split(/\s+/u).some((w) => typoAction(w) !== null)
  );
}

/**
 * A question of consequence about the cluster as a whole ("will the whole cluster fail?", "does the
 * cluster stay up?", "모든 노드가 멈추나요?").
 */
const CONSEQUENCE =
  /^(?:so\s+|and\s+)?(?:will|would|does|do|is|are|can|could)\s+(?:the|my|our|this)\s+(?:whole\s+|entire\s+)?cluster\b|^(?:그러면\s*|그럼\s*)?(?:클러스터\s*전체|전체\s*클러스터|모든\s*노드|전체\s*노드|클러스터)\s*(?:가|이|는|도)?\s/u;

/** The whole cluster as the object of the question ("how do I upgrade our cluster", "우리 클러스터는 …"). */
const CLUSTER_TARGET =
  /\b(?:upgrade|update|reboot|restart|drain|patch)\s+(?:the|our|my|this)\s+(?:whole\s+|entire\s+)?cluster\b|(?:우리|이|전체)\s*클러스터/u;

/**
 * The part of a message that holds the request: context sentences and greetings before it are
 * left out ("Good morning! The SAN is patched at 22:00. Can we drain wk1 first?" → the last
 * sentence). The last sentence that asks something is the request; when it names no node ("can we
 * drain it first?"), the nearest sentence before it that names one is kept with it (what "it"
 * refers to), else the sentences after it ("… at a time? all workers"). One sentence, or none that asks anything: the whole text.
 * @param lower - the text, lowercase, spaces collapsed
 * @param options - the node list, for reading which sentence names a node
 */
function focusOf(lower: string, options: UnderstandOptions): string {
  const sentences = lower.split(SENTENCE_END).filter((x) => x.length > 0);
  if (sentences.length < 2) return lower;
  let i = sentences.length - 1;
  while (i >= 0 && !asksSomething(sentences[i] ?? '')) i -= 1;
  if (i < 0) return lower;
  const question = sentences[i] ?? '';
  const names = (x: string): boolean => {
    const r = readSignals(x, options);
    return r.nodes.length > 0 || r.group !== undefined;
  };
  // "… on atlas-cp-2. will the whole cluster fail?": the cluster is what it affects, not a target.
  const consequence = CONSEQUENCE.test(question) && readSignals(question, options).nodes.length === 0;
  if ((names(question) && !consequence) || CLUSTER_TARGET.test(question)) return question;
  // "… kill the node acting as the leader? can the remaining two nodes elect a leader?": what is
  // left after the change of the sentence before (and "it" is its node).
  const prior = sentences[i - 1];
  // Likewise "… power off the node where the pod runs? how long until it is detected as down?".
  if (
    prior !== undefined &&
    (/\b(?:remaining|surviving|rest\s+of\s+the)\b|남은|나머지/u.test(question) ||
      (refersToEarlierNode(question) && asksSomething(prior)))
  )
    return `${prior} ${question}`;
  const failedBefore = !/^(?:what|how|which|is|are|does|do|can|could|will|would)\b|[?？]$/u.test(question);
  for (let j = i - 1; j >= 0; j -= 1) {
    const before = sentences[j] ?? '';
    // "A worker node went NotReady. How do I get it Ready again?": the node the question is about.
    // (A question of its own, "what is our quorum status?", stays alone.)
    if (
      names(before) ||
      (failedBefore && SOME_NODE.test(before) && (FAILURE.test(before) || SYMPTOM.test(before)))
    )
      return `${before} ${question}`;
  }
  // "can we reboot X nodes at a time? all workers, 1 at a time": what follows the question says whom.
  return sentences.slice(i).join(' ');
}

/**
 * Breaking a reboot or maintenance lock, asked as something to do: a break verb (break, release,
 * clear, remove, delete, unlock, reset) on a lock at the start of a clause or after "how do I",
 * "can we", "please", "need to" ("release the kured lock", "how do I manually clear up the
 * lock?", "kured 잠금 해제"), or kured's lock annotation removed (`kubectl annotate ds kured
 * weave.works/kured-node-lock-`, the manual unlock of kubereboot/kured's README). "Did kured release
 * the lock?" asks the lock's state (see {@link LOCK_HELD}).
 */
const LOCK_BREAK =
  /(?:^|[.,:;!?]\s*|\s[-\u2013\u2014]\s+|\b(?:how\s+(?:do|can|should|would)\s+(?:i|we|you)|(?:can|could|should|may)\s+(?:i|we|you)|please|need\s+to|want\s+to|have\s+to|let'?s)\s+)(?:manually\s+|safely\s+|forcibly\s+)?(?:break|release|clear|remove|delete|unlock|free|reset|force[-\s]?release|force[-\s]?unlock)(?:\s+up)?\s+(?:the\s+|this\s+|that\s+|its\s+)?(?:(?:kured|kured's|maintenance|reboot|cluster|stale|node|manual|old|existing|leftover|stuck|current|held)\s+)*lock\b|\block\b.*(?:[,.;:!?]|\s[-\u2013\u2014])\s*(?:please\s+|then\s+|and\s+)?(?:release|clear|break|remove|unlock|free|delete)\s+it\b|kured-node-lock-(?=\s|$)|(?:잠금|(?<![가-힣])락)\s*(?:을|를)?\s*(?:강제\s*(?:로\s*)?)?(?:해제|풀|삭제|지우|지워)(?!\s*(?:됐|되었|된|안\s*되|되지))/u;
/**
 * A lock's holder or state asked or quoted: kured's log line "Lock already held: NODE"
 * (kubereboot/kured#137), "is X still holding the lock", "did kured release the lock?", "잠금이
 * 해제됐나요", "누가 잠금을 잡고 있어", and "which node is still rebooting?" (the node rebooting holds
 * the reboot lock until it is back: kubereboot/kured README, "Overview").
 */
const LOCK_HELD =
  /\block\s+(?:is\s+)?(?:already\s+|still\s+)?held\b|\b(?:who|which\s+(?:node|host|server))\s+(?:\S+\s+){0,2}?(?:holds?|held|has|had|owns?|owned|holding|acquired|took|got)\b.*\block\b|\b(?:hold|holds|held|holding|owns|acquired)\s+(?:the\s+|a\s+|its\s+)?(?:(?:kured|maintenance|reboot|cluster)\s+)*lock\b|\block\s+(?:is\s+|was\s+)?(?:already\s+)?acquired\b|\b(?:which|what)\s+node\b[^.?!]*\bkured\b|\bkured\b[^.?!]*\b(?:which|what)\s+node\b|(?:어떤|어느)\s*노드[^.?!]*kured|kured[^.?!]*(?:어떤|어느)\s*노드|\block\s+holder\b|\b(?:which|what)\s+nodes?\s+(?:is|are)\s+(?:still\s+|currently\s+|now\s+)?(?:re-?booting|being\s+rebooted)\b|(?:어느|어떤)\s*노드\S*\s*(?:아직\s*|지금\s*)?(?:재부팅|리부팅)\s*중|\block\s+(?:is\s+|was\s+)?(?:not\s+)?released\b|\b(?:did|does|has|is|was|will)\s+(?:\S+\s+){0,2}?releas(?:e|ed|ing)\s+(?:the\s+)?(?:\S+\s+)?lock\b|(?:잠금|(?<![가-힣])락(?=$|[\s을를이가은는도])).*(?:누가|누구|보유|잡고|해제\s*(?:됐|되었|된|안\s*되|되지))|(?:누가|누구).*(?:잠금|(?<![가-힣])락(?=$|[\s을를이가은는도]))/u;

/**
 * The lock command a text asks for, or null, with the node the text names beside the lock (its
 * holder, or a node waiting for it) when it names exactly one.
 * @param lower - the whole message, lowercase
 * @param options - the node list, for reading the node named
 */
function lockCommand(lower: string, options: UnderstandOptions): Command | null {
  const breaking = LOCK_BREAK.test(lower);
  if (!breaking && !LOCK_HELD.test(lower)) return null;
  // The holder quoted from kured's log line is what the log says, not a node the user asks about.
  const quoted = /["“'`]\s*lock\s+already\s+held:?\s*([^\s"”'`]+)/u.exec(lower);
  const others = readSignals(lower.replace(/\block\s+already\s+held:?\s*\S+/gu, ' '), options, false).nodes;
  // Asked about the quoted line alone ("how to troubleshoot 'Lock already held: X'?"), its holder is the node.
  const named =
    others.length === 0 && quoted !== null ? readSignals(quoted[1] ?? '', options, false).nodes : others;
  const node = named.length === 1 && named[0] !== undefined ? { node: named[0] } : {};
  if (!breaking) return { kind: 'lock-status', ...node };
  const lock = /kured|reboot|재부팅/u.test(lower)
    ? 'kured'
    : /maintenance|유지\s*보수/u.test(lower)
      ? 'maintenance'
      : 'any';
  return { kind: 'break-lock', lock, ...node };
}

/**
 * Korean clause ends after which the request may start: a reason, a cause or a time before it ("… 수행하기
 * 전에", "… 위해", "… 때문에", "… 후") or background ("… 된다는데", "… 라던데", "… 지만").
 */
const KO_LEAD_END =
  /(?:전에|위해서?|때문에|땜에|등으로|(?:으)?로\s*인해|(?<=[가-힣])\s*후에?|(?:는|인|던)데|지만)[,]?\s+/gu;

/** An English time clause of an -ing verb before the question ("after draining, …", "before upgrading the nodes, …"). */
const EN_LEAD = /^(?:after|before|once)\s+\S+ing\b[^,.?!]*,\s*/u;

/**
 * A message lowercase, spaces collapsed, short typos fixed, and inline code quotes (`` `…` ``, as
 * chat and GitHub quote a log line or a command) left as their text.
 * @param text - the message
 */
function typedOf(text: string): string {
  return SHORT_TYPOS.reduce(
    (t, [re, to]) => t.replace(re, to),
    text
      .toLowerCase()
      .replace(/[\u2018\u2019]/gu, "'")
      .replace(/`+([^`$]*)`+/gu, ' $1 ')
      .replace(/\s+/gu, ' ')
      .trim(),
  );
}

/**
 * The request of a message, lowercase: short typos fixed, the asking sentence (see {@link focusOf}),
 * asides in brackets left out unless they name a node ("(예: 소프트웨어 업그레이드, 보안 패치 등)",
 * "(api-server, controllers, etc.)"; "restart kube-apiserver (atlas-cp-3)" keeps its node), and a
 * Korean lead clause ({@link KO_LEAD_END}) left out when what follows asks something and names the
 * node, or the lead clause names none ("하드웨어 업그레이드 … 수행하기 전에 atlas-wk-2 cordon 해도 돼?").
 * @param text - the text left after options, time hints, cluster phrases and fillers
 * @param options - the node list, for reading which part names a node
 */
function questionOf(text: string, options: UnderstandOptions): string {
  const typed = typedOf(text);
  const names = (x: string): boolean => {
    const r = readSignals(x, options, false);
    return r.nodes.length > 0 || r.group !== undefined;
  };
  const bare = typed
    .replace(/\(([^()]*)\)/gu, (_m, inner: string) => (names(inner) ? ` ${inner} ` : ' '))
    .replace(/\s+/gu, ' ')
    .trim();
  const lower = focusOf(bare, options);
  let out = lower;
  // "After draining, what if we destroy cp-2 and cp-3?": a time clause before the question.
  const en = EN_LEAD.exec(lower);
  if (en !== null) {
    const rest = lower.slice(en[0].length);
    if (asksSomething(rest) && (names(rest) || !names(en[0]))) out = rest;
  }
  const base = out;
  for (const m of base.matchAll(KO_LEAD_END)) {
    const rest = base.slice(m.index + m[0].length);
    // "업그레이드를 하려는데 X 먼저 드레인해야 하나요?": an intention (-려는데) is what is asked about.
    if (!asksSomething(rest) || base.charAt(m.index - 1) === '려') continue;
    // A lead clause of background (…는데, …지만) or with no action of its own names the node the
    // rest asks about ("wk-1 장애가 발생했는데 kubelet 재시작해도 될까요?"): its node, then the
    // rest. A lead action before "전에", "위해" is the request itself ("wk-2 재부팅 전에 드레인 다시 해야 돼?").
    const lead = readSignals(base.slice(0, m.index), options, false);
    if (names(rest) || (lead.nodes.length === 0 && lead.group === undefined)) out = rest;
    else if (
      lead.nodes.length > 0 &&
      lead.component === undefined &&
      (/데|지만/u.test(m[0]) ||
        !(['maintenance', 'upgrade', 'reboot', 'drain'] as const).some((a) => lead.actions.has(a)))
    )
      out = `${lead.nodes.join(' ')} ${rest}`;
  }
  // "pods are evicted from X, can the server be powered off?": the drain done is the situation.
  const settled = out.replace(DRAIN_DONE, ' ');
  const failing = (asksSomething(settled) ? settled : out).replace(RESTART_FAILS, ' fails ');
  const cut = failing.replace(AFTER_RESTART, ' ');
  const read = FAILURE.test(cut) || SYMPTOM.test(cut) ? cut : failing;
  return (WEAK_UPGRADE.test(read) ? read.replace(REBOOT_NEEDED, ' ') : read).replace(/\s+/gu, ' ').trim();
}

/**
 * Understand a request phrased freely.
 * @param text - the text left after options, time hints, cluster phrases and fillers (any case)
 * @param options - the cluster's node names (when known), a selector taken out before, cluster, when
 * @returns the command, or null when the text is not understood well enough to act on
 */
export function understandRequest(text: string, options: UnderstandOptions = {}): Command | null {
  const lower = questionOf(text, options);
  // A lock asked about in prose may hold a semicolon ("… after reboot; unlock the reboot lock"):
  // breaking a lock needs approvals whatever the text around it.
  const lock = REFUSED.test(lower.replace(/;(?=\s)/gu, '.')) ? null : lockCommand(typedOf(text), options);
  if (lock !== null) return { ...lock, cluster: options.cluster };
  if (lower.length > MAX_UNDERSTOOD_LENGTH || REFUSED.test(lower) || NEGATION.test(lower)) return null;
  if (lower.length === 0) return null;
  const s = readSignals(lower, options);
  // An exclusion from a group or a list ("all workers except wk-2") is not half-understood; beside
  // one node it is context ("cordoned but not drained before").
  if (EXCLUSION.test(lower) && (s.group !== undefined || s.nodes.length > 1)) return null;
  const extra = { cluster: options.cluster };
  const when = { when: options.when };
  const action = nodeActionOf(s, lower);
  const version = s.version === undefined ? {} : { targetVersion: s.version.replace(/^(?!v)/u, 'v') };

  // "our cluster died, no SSH to the master", "the control plane failed: apiserver, scheduler … all
  // CrashLoopBackOff": the whole control plane's outage.
  if (
    action === 'node-down' &&
    s.nodes.every((n) => n === THE_CONTROL_PLANE_NODE) &&
    (CLUSTER_DOWN.test(lower) ||
      (s.components.size > 1 && s.nodes.length === 0 && GROUPS[1]?.singular?.test(lower) === true))
  )
    return { kind: 'what-if', change: { type: 'control-plane-down' }, drain: false, ...extra, ...when };
  // "check whether etcd lost quorum", "쿼럼 손실인지 확인해줘": the state asked about, the status.
  if (
    WHETHER.test(lower) &&
    s.nodes.length === 0 &&
    !(['maintenance', 'upgrade', 'reboot', 'drain'] as const).some((a) => s.actions.has(a))
  )
    return { kind: 'ha-status', ...extra };
  // "how many masters can we lose?": the failures tolerated, which the HA status reports.
  if (TOLERANCE.test(lower) && s.nodes.every((n) => n === THE_CONTROL_PLANE_NODE || n === THE_ETCD_LEADER))
    return { kind: 'ha-status', ...extra };
  // "what if etcd loses quorum?", "쿼럼 깨지면?", "2 of 3 etcd members fail": the quorum's loss,
  // whichever members fail; the members when the text names several ("destroy cp-2 and cp-3? would
  // that leave etcd without quorum?"). One node named is that node's failure (its answer says
  // whether the quorum holds).
  if (
    (QUORUM_LOSS.test(lower) || majorityLost(lower, s)) &&
    (s.nodes.length === 0 || membersLost(lower, s))
  ) {
    const members = s.nodes.length === 0 ? {} : { members: s.nodes };
    return {
      kind: 'what-if',
      change: { type: 'etcd-quorum-loss', ...members },
      drain: false,
      ...extra,
      ...when,
    };
  }
  // "rolling update of kube-proxy, safe?", "restart the kube-proxy DaemonSet", "update the add-ons
  // (CoreDNS, kube-proxy)": the component's rollout, not a node plan.
  const addon = ADDON_OBJECT.test(lower)
    ? [...s.components, ...readSignals(typedOf(text), options, false).components].find((c) =>
        ROLLED_ADDONS.has(c),
      )
    : undefined;
  const rolled =
    s.component !== undefined && ROLLING.test(lower)
      ? s.component
      : addon !== undefined &&
          (ROLLING.test(lower) ||
            s.actions.has('reboot') ||
            s.actions.has('upgrade') ||
            /\bupdat(?:e|es|ed|ing)\b/u.test(lower))
        ? addon
        : undefined;
  if (rolled !== undefined && s.nodes.length === 0 && s.group === undefined) {
    return {
      kind: 'what-if',
      change: { type: 'rolling-update', component: rolled },
      drain: false,
      ...extra,
      ...when,
    };
  }

  // A component restarts or goes down ("what if etcd on atlas-cp-2 restarts"): what-if. Named both
  // ways, the first verb is the change and the other its consequence ("what if containerd crashes?
  // will the kubelet be restarting", "etcd 재시작하면 장애 나?").
  const failsFirst =
    action === 'reboot' &&
    s.actions.has('down') &&
    firstIndex(ACTIONS.down, lower) < firstIndex(ACTIONS.reboot, lower);
  // A component the asker stops ("if you stop kubelet on the workers", "kubelet을 중지하면") is a
  // planned restart; one that stops by itself fails.
  // "when I restart atlas-cp-1, the kubelet can't start": the reboot is the situation, the
  // component's failure what is asked (its node the one rebooted, when named).
  const failsAfter =
    action === 'reboot' && s.fails === true && firstIndex(ACTIONS.reboot, lower) < lower.indexOf(' fails');
  const restarted =
    (action === 'reboot' &&
      !failsFirst &&
      !failsAfter &&
      !/\b(?:reboot|rebooted|rebooting|re-boot)\b|재부팅|리부팅/u.test(lower)) ||
    (action === 'node-down' && PLANNED_STOP.test(lower));
  if (
    s.component !== undefined &&
    (action === 'reboot' || action === 'node-down') &&
    !s.actions.has('upgrade') &&
    (s.group === undefined || restarted) &&
    s.nodes.length <= 1
  ) {
    if (restarted) {
      const node = s.nodes[0];
      return {
        kind: 'what-if',
        change:
          node === undefined
            ? { type: 'component-restart', component: s.component }
            : { type: 'component-restart', component: s.component, node },
        drain: false,
        ...extra,
        ...when,
      };
    }
    // A component down on one node is that instance failing, not the node going down.
    if (action === 'node-down' || failsFirst || failsAfter) {
      const node = s.nodes.find((n) => n !== THE_CONTROL_PLANE_NODE);
      return {
        kind: 'what-if',
        change:
          node === undefined
            ? { type: 'component-down', component: s.component }
            : { type: 'component-down', component: s.component, node },
        drain: false,
        ...extra,
        ...when,
      };
    }
  }

  // "cordon and drain a node, patch it, reboot, uncordon it and move on to the next node", "shut
  // down one node, …, then take down the other node": the plan (an outage planned, not a failure).
  if (
    NEXT_NODE.test(lower) &&
    s.nodes.length === 0 &&
    action !== null &&
    (action !== 'node-down' || !(CONDITIONAL.test(lower) || FAILURE.test(lower)))
  ) {
    const type = s.group?.type;
    return {
      kind: 'maintenance-plan',
      targets: {
        kind: type === 'workers' ? 'all-workers' : type === 'control-plane' ? 'control-plane' : 'all',
      },
      reason: '',
      lang: /[\uAC00-\uD7A3]/u.test(lower) ? 'ko' : 'en',
      ...extra,
    };
  }
  if (action !== null) {
    const nodes = s.nodes;
    const group = nodes.length > 0 ? undefined : s.group;
    // "at any time only one node upgraded?": the whole cluster's upgrade (its order is one at a time).
    if (nodes.length === 0 && group === undefined && action === 'upgrade')
      return {
        kind: 'upgrade-impact',
        node: '',
        drain: s.drain,
        scope: 'cluster',
        ...version,
        ...extra,
        ...when,
      };
    if (nodes.length === 0 && group === undefined && action === 'node-down' && SOME_NODE.test(lower)) {
      // "a worker node went NotReady": one of the workers failing, in turn; "a single master node
      // goes down" is the whole control plane.
      const role = GROUPS.find((g) => g.group !== 'all' && (g.singular?.test(lower) ?? false));
      if (role?.group === 'control-plane' && /\b(?:single|only)\b|하나뿐|단일|한\s*대뿐/u.test(lower))
        return { kind: 'what-if', change: { type: 'control-plane-down' }, drain: false, ...extra, ...when };
      const type = role?.group ?? 'all';
      return {
        kind: 'multi-node',
        action,
        nodes,
        group: { type },
        mode: 'one-by-one',
        drain: false,
        ...extra,
        ...when,
      };
    }
    if (nodes.length === 0 && group === undefined) return null;
    if (action === 'maintenance') {
      const node = nodes[0];
      return nodes.length === 1 && node !== undefined && group === undefined
        ? { kind: 'maintenance-request', node, reason: '', force: false, ...extra }
        : null;
    }
    const mode: PlanMode = s.mode ?? 'together';
    if (action === 'node-down' && group?.type === 'control-plane' && mode === 'together') {
      return { kind: 'what-if', change: { type: 'control-plane-down' }, drain: false, ...extra, ...when };
    }
    return oneNodeCommand({
      kind: 'multi-node',
      action,
      nodes,
      group,
      mode,
      drain: action === 'drain' ? true : action === 'node-down' ? false : s.drain,
      ...(action === 'upgrade' ? version : {}),
      ...extra,
      ...when,
    });
  }
  if (s.actions.has('status')) return { kind: 'ha-status', ...extra };
  if (s.actions.has('help')) return { kind: 'help', ...extra };
  return null;
}

/**
 * The parts of a text that was not understood, for a clarification (./clarify.ts): the nodes it
 * names (resolved when the node list is given), whether it names a group, and the actions named.
 * Empty when the text holds shell or markup characters, an exclusion or a negation: then no reading
 * is offered (a wrong node is worse than "I did not understand").
 * @param text - the text left after options, time hints, cluster phrases and fillers
 * @param options - the cluster's node names, when known
 * @returns the nodes (in the order named), the group (or the role a singular word names: "a
 *   worker"), and the actions (`reboot`, `drain`, `upgrade`,
 *   `down`, `status`, `help`, `maintenance`, and `rollout` for a rollout of no component named)
 */
export function readParts(
  text: string,
  options: UnderstandOptions = {},
): { nodes: string[]; group?: NodeGroup; actions: string[] } {
  const lower = questionOf(text, options);
  if (REFUSED.test(lower) || EXCLUSION.test(lower) || NEGATION.test(lower)) return { nodes: [], actions: [] };
  const s = readSignals(lower, options);
  const actions = [...s.actions] as string[];
  if (actions.length === 0 && WEAK_UPGRADE.test(lower)) actions.push('upgrade');
  else if (actions.length === 0 && WEAK_REBOOT.test(lower)) actions.push('reboot');
  // "roll back the DaemonSet" with no add-on named: the rollout of which one.
  if (s.component === undefined && ROLLING.test(lower) && s.nodes.length === 0) actions.unshift('rollout');
  // For the readings, a role named in the singular ("a worker dies", "the master fails") is its group.
  const role = GROUPS.find((g) => g.group !== 'all' && (g.singular?.test(lower) ?? false));
  const group = s.group ?? (role === undefined ? undefined : { type: role.group });
  return { nodes: s.nodes, ...(group === undefined ? {} : { group }), actions };
}

/**
 * A node list that names one node (`wk-1 and wk-1`, or `wk1 and atlas-wk-1` once resolved) and no
 * group is that node's own question (issue 30 item 3, point 4): its single-node command, with the
 * same action, drain, version, cluster and time; any other command is returned as it is.
 * @param command - the command read
 */
export function oneNodeCommand(command: Command): Command {
  if (command.kind !== 'multi-node' || command.group !== undefined) return command;
  const [node, ...others] = command.nodes.filter((n, i, all) => all.indexOf(n) === i);
  if (node === undefined || others.length > 0) return command;
  const extra = { cluster: command.cluster, when: command.when };
  switch (command.action) {
    case 'reboot':
      return { kind: 'reboot-impact', node, drain: command.drain, ...extra };
    case 'drain':
      return { kind: 'drain-impact', node, drain: true, ...extra };
    case 'upgrade':
      return {
        kind: 'upgrade-impact',
        node,
        drain: command.drain,
        ...(command.targetVersion === undefined ? {} : { targetVersion: command.targetVersion }),
        ...extra,
      };
    case 'node-down':
      return { kind: 'what-if', change: { type: 'node-down', node }, drain: false, ...extra };
  }
}
