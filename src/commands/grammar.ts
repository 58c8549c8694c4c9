/**
 * Step 6 of `parseCommand` (./parse-command.ts): every request form as one rule, English then Korean. A rule is a
 * template of named {@link PARTS} matched against the whole text left after step 5; its intent (and,
 * for a what-if, its change) says which command it yields.
 */
import { COMPONENT_PATTERN } from './components.js';
import type { Command, Locale, MaintenanceCommand, WhatIfChange } from './types.js';

/** Building blocks of the rules, spliced into the rule templates by name (`{VERB}`). */
const PARTS: Readonly<Record<string, string>> = {
  // English
  VERB: '(?:(?:cordon(?:\\s+and|,)?\\s+)?drain(?:\\s+and|,)?\\s+(?:then\\s+)?)?(?:reboot|restart|drain|bounce|power[-\\s]?cycle)',
  VERB_ING: '(?:(?:draining\\s+and\\s+)?(?:rebooting|restarting|draining|bouncing))',
  VERB_ED: '(?:rebooted|restarted|drained|bounced)',
  NODE: '(?:the\\s+)?(?:node\\s+)?(?<node>.+?)(?:\\s+node)?(?:\\s+(?:in|on)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+?)(?:\\s+cluster)?)?',
  /** A node named first ("master-2 reboot?"): one word, so "can I reboot" is no node called "can I". */
  NODE_WORD: '(?:node\\s+)?(?<node>[^\\s,()]+)',
  REASON:
    '(?:,?\\s+(?:for|because|due\\s+to|since|so\\s+(?:that\\s+)?i\\s+can|to\\s+(?:apply|install|patch|upgrade|update|replace|fix))\\s.*)?',
  WHO: '(?:i|we|you)',
  SAFE: '(?:safe|ok|okay|fine|alright|all\\s+right)',
  // Korean
  KNODE: '(?:노드\\s*)?(?<node>.+?)(?:\\s*노드)?(?<particle>[를을은는이가])?',
  KDRAIN: '(?:드레인\\s*(?:하고|을?\\s*하고|한\\s*(?:뒤|후|다음)에?|후에?|해서|하면서)?\\s*)?',
  KVERB: '(?:재부팅|리부팅|리부트|재시작|재기동|드레인)',
  KTAIL:
    '(?:\\s*(?:을|를)?\\s*(?:해도|하면|해|하기|할\\s*수|하는\\s*(?:거|게)|시)?\\s*(?:' +
    [
      '돼요?|되나요?|될까요?|되니|되냐|되요|됩니까|되는지',
      '괜찮아요?|괜찮나요?|괜찮을까요?|괜찮니|괜찮습니까|괜찮은지',
      '가능해요?|가능한가요?|가능할까요?|가능합니까|가능한지|가능',
      '안전해요?|안전한가요?|안전할까요?|안전한지',
      '있어요?|있나요?|있을까요?|있는지',
      '어때요?|어떤가요?|어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)',
      '문제\\s*(?:없어요?|없나요?|없을까요?|없는지)',
      '영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?|알려\\s*줘))?',
    ].join('|') +
    '))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요|확인\\s*해?\\s*줘|확인\\s*해?\\s*주세요))?',
  // "what if" requests
  /** A component the bot knows, by any alias, optionally followed by what runs it ("pods", "daemonset"). */
  COMP: `(?:the\\s+)?(?<component>${COMPONENT_PATTERN})(?:\\s+(?:pods?|daemon\\s*sets?|deployment|static\\s+pods?|service|process|agent|component))?`,
  /** Any word named as a component (the answer then lists the components it knows). */
  ANYCOMP: '(?:the\\s+)?(?:component\\s+)?(?<component>[a-z0-9][a-z0-9._-]{0,62})',
  /** One node name in one word (the what-if rules never take a phrase for a node). */
  NODE1: '(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  /** "on NODE", optional. */
  ON_NODE: '(?:\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?)?',
  TO_VERSION: '(?:\\s+to\\s+(?:kubernetes\\s+|k8s\\s+)?(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?))?',
  /** "the cluster", "our whole k8s cluster", "kubernetes": what a whole-cluster upgrade names. */
  THE_CLUSTER:
    '(?:(?:the|this|my|our|an?)\\s+)?(?:(?:whole|entire)\\s+)?(?:(?:k8s|kubernetes)\\s+cluster|cluster|k8s|kubernetes)',
  /** "the nodes", "all of our nodes": the whole cluster, in a question of how to upgrade. */
  ALL_NODES: '(?:all\\s+(?:of\\s+)?)?(?:(?:the|our|my)\\s+)?(?:nodes|servers|machines)',
  /** Korean: "클러스터", "쿠버네티스", "k8s 클러스터", with an optional object particle. */
  KCLUSTER:
    '(?:전체\\s*)?(?:(?:k8s|쿠버네티스)\\s*)?(?:클러스터|쿠버네티스|k8s)(?:\\s*전체)?(?:를|을|는|은)?',
  /** Korean: "어떻게 해?", "어떻게 해야 돼?", "방법 알려줘", "순서는?": asking how. */
  KHOW: '(?:(?:은|는)\\s*)?(?:어떻게\\s*(?:해요?|하나요?|하지요?|하죠|하냐|해야\\s*(?:돼요?|되나요?|하나요?|해요?|할까요?)|하면\\s*(?:돼요?|되나요?|될까요?)|할까요?|하는\\s*(?:거야|거예요|건가요?))?|방법(?:은|이)?|순서(?:는|가)?|가이드|절차(?:는|가)?)(?:\\s*(?:좀\\s*)?(?:알려\\s*줘|알려\\s*주세요|알려\\s*줄래|뭐야|뭐예요|뭔가요|어떻게\\s*돼요?))?',
  IF: '(?:if|when|happens\\s+if|happens\\s+when|would\\s+happen\\s+if|will\\s+happen\\s+if|breaks\\s+if|is\\s+the\\s+impact\\s+if)',
  DOWN: '(?:(?:is|goes|went|was|were|are|gets|go|get|becomes)\\s+(?:down|dead|unavailable|gone|stopped|offline|unreachable|lost|broken|notready|not\\s+ready)(?:\\s+(?:everywhere|unexpectedly|suddenly|at\\s+once|together))?|(?:dies|die|fails|fail|stops|crashes|disappears|loses\\s+power|powers\\s+off|is\\s+powered\\s+off))',
  KNODE1: '(?:노드\\s*)?(?<node>[a-z0-9][a-z0-9.-]*)(?:\\s*노드)?',
  KCOMP: `(?<component>${COMPONENT_PATTERN})(?:\\s*(?:파드|팟|데몬셋|디플로이먼트|프로세스|서비스))?`,
  /** "…되면 (어떻게 돼?)": what happens when something happens to it. */
  KIF: '(?:\\s*(?:되면|돼도|되어도|되면요|된다면|하면|한다면))(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)|영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?))?|괜찮아요?|괜찮나요?|괜찮을까요?|문제\\s*없어요?))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요))?',
  KDOWN:
    '(?:다운되면|다운돼도|다운된다면|죽으면|죽어도|죽는다면|멈추면|멈춰도|중단되면|장애가?\\s*나면|꺼지면|꺼져도|내려가면|없으면|안\\s*되면|사라지면)' +
    '(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)|영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?))?|괜찮아요?|괜찮나요?|괜찮을까요?|문제\\s*없어요?))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요))?',
};

/** Which command a rule yields. */
export type Intent = Exclude<Command, MaintenanceCommand | { kind: 'multi-node' }>['kind'];

/**
 * One grammar rule: a template whose `{PART}`s are replaced from {@link PARTS}, matched in full,
 * case-insensitively: the patterns are lowercase and are run on the text as {@link foldCase} folds
 * it (what the `i` flag would do; `i` with `u` made V8 compile the rules about twice as slowly, a
 * cost every CLI command paid). Their `d` flag gives the groups' indices, so the values are taken
 * from the text as typed.
 */
export interface GrammarRule {
  intent: Intent;
  /** Language the rule is written in (documentation and tests; locale is decided separately). */
  lang: Locale;
  /**
   * The full-text pattern; named groups `node`, `particle` (Korean) and `cluster` fill the command;
   * `component` and `version` fill what-if and upgrade commands.
   */
  pattern: RegExp;
  /** For `what-if` rules: which change the rule asks about. */
  change?: WhatIfChange['type'];
  /** For `ha-status` rules: the daily HA report on demand, not the status. */
  report?: true;
  /** For `upgrade-impact` rules: the whole cluster's upgrade, no node named (`scope: 'cluster'`). */
  clusterWide?: true;
  /**
   * The rule names a component (`{COMP}`, `{KCOMP}`; never optional in a template): it matches only
   * a text in which {@link COMPONENT_MENTION} finds a component, so the parser runs it only then.
   */
  needsComponent?: true;
}

/**
 * Any component alias anywhere in the folded text: the test the parser makes once before the
 * rules that name a component ({@link GrammarRule.needsComponent}). A text that matches such a rule
 * holds the alias its `component` group matched, so this finds one; a text without (`can I
 * reboot atlas-wk-1`) skips those 20 rules, whose first run is V8's compilation of their patterns
 * (the component alternation is in every one): about two thirds of the grammar's cost at start-up.
 */
export const COMPONENT_MENTION = new RegExp(COMPONENT_PATTERN, 'u');

function rule(intent: Intent, lang: Locale, template: string, change?: WhatIfChange['type']): GrammarRule {
  const source = template.replace(/\{([A-Z_0-9]+)\}/g, (_m, name: string) => {
    const part = PARTS[name];
    if (part === undefined) throw new Error(`grammar template names an unknown part {${name}}`);
    return part;
  });
  const pattern = new RegExp(`^${source}$`, 'du');
  return /\{K?COMP\}/.test(template)
    ? { intent, lang, pattern, change, needsComponent: true }
    : { intent, lang, pattern, change };
}

/** The characters Unicode case folding maps to a lowercase ASCII letter: A-Z, ſ (U+017F) and the Kelvin sign (U+212A). */
const FOLDS_TO_ASCII = /[A-Z\u017F\u212A]/g;

/**
 * Fold `text` for the grammar's patterns: every character whose Unicode simple case folding is an
 * ASCII letter becomes that letter (A-Z → a-z, ſ → s, K → k); nothing else changes, so the result
 * has the same length and a group's indices point into `text` too. The patterns hold no cased
 * letter outside ASCII lowercase (test/unit/parse-command.test.ts checks), so matching them without `i`
 * on the folded text matches exactly what the `iu` flags matched on the text.
 * @param text - the text left after step 5
 * @returns the folded text, as long as `text`
 */
export function foldCase(text: string): string {
  return text.replace(FOLDS_TO_ASCII, (c) => (c === '\u017F' ? 's' : c === '\u212A' ? 'k' : c.toLowerCase()));
}

/** A rule of the whole cluster's upgrade (an `upgrade-impact` with `scope: 'cluster'`, no node). */
function clusterUpgrade(lang: Locale, template: string): GrammarRule {
  return { ...rule('upgrade-impact', lang, template), clusterWide: true };
}

/** A what-if rule. */
function whatIf(change: WhatIfChange['type'], lang: Locale, template: string): GrammarRule {
  return rule('what-if', lang, template, change);
}

/**
 * The what-if, drain and upgrade rules. They come before the reboot rules: `restart etcd
 * on master-2` is a component restart, not a reboot of a node called `etcd`, and `can I drain
 * worker-3` is a drain alone. Each takes a node as one word, so `drain worker-3 and reboot it`
 * still falls through to the reboot rules.
 */
const WHAT_IF_GRAMMAR: readonly GrammarRule[] = [
  // A component that crashes on a named node fails: no clean handover (see the "down on a node"
  // rules below). Without a node, "what if etcd crashes" keeps its meaning (rule after this one).
  whatIf(
    'component-down',
    'en',
    'what\\s+{IF}\\s+{COMP}\\s+(?:crashes|crash[-\\s]?loops)\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  // component restarts
  whatIf(
    'component-restart',
    'en',
    'what\\s+{IF}\\s+{COMP}\\s+(?:restarts|is\\s+restarted|gets\\s+restarted|crashes|crash[-\\s]?loops|is\\s+killed|gets\\s+killed|is\\s+bounced){ON_NODE}',
  ),
  whatIf('component-restart', 'en', 'what\\s+{IF}\\s+{WHO}\\s+(?:restart|bounce|kill)\\s+{COMP}{ON_NODE}'),
  whatIf(
    'component-restart',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:restart|bounce|kill|recreate)\\s+{COMP}{ON_NODE}(?:\\s+safely)?{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:restart|bounce)\\s+{COMP}{ON_NODE}{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    '(?:(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+)?(?:restart|restarting|bounce|bouncing)\\s+{COMP}{ON_NODE}{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    'what\\s+{IF}\\s+{ANYCOMP}\\s+(?:restarts|is\\s+restarted|crashes)\\s+on\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  whatIf(
    'component-restart',
    'en',
    '(?:(?:can|could|may|should)\\s+{WHO}\\s+)?restart\\s+(?:the\\s+)?component\\s+(?<component>[a-z0-9][a-z0-9._-]{0,62}){ON_NODE}',
  ),
  // `restart foo-agent on worker-3`: "X on NODE" names a component, even an unknown one (answered with the list).
  whatIf(
    'component-restart',
    'en',
    '(?:(?:can|could|may|should)\\s+{WHO}\\s+)?(?:restart|bounce)\\s+{ANYCOMP}\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  // rolling updates
  whatIf(
    'rolling-update',
    'en',
    '(?:what\\s+(?:is\\s+the\\s+)?impact\\s+of\\s+)?(?:a\\s+|the\\s+)?rolling\\s+(?:update|restart|upgrade)\\s+(?:of|for|to)\\s+{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:do\\s+a\\s+)?(?:rolling[-\\s]update(?:\\s+of)?|roll\\s+out|rollout\\s+restart|rolling[-\\s]restart(?:\\s+of)?|upgrade|update)\\s+{COMP}{REASON}',
  ),
  whatIf(
    'rolling-update',
    'en',
    'what\\s+{IF}\\s+{WHO}\\s+(?:do\\s+a\\s+)?(?:rolling[-\\s]update(?:\\s+of)?|roll\\s+out|rollout\\s+restart|rolling[-\\s]restart(?:\\s+of)?|upgrade|update)\\s+{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '(?:kubectl\\s+)?rollout\\s+restart\\s+(?:(?:-n\\s+kube-system\\s+)?(?:ds|daemonsets?|deploy|deployments?)(?:/|\\s+))?{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '{COMP}\\s+(?:rolling\\s+(?:update|restart|upgrade)|rollout(?:\\s+restart)?)',
  ),
  // outages
  whatIf(
    'control-plane-down',
    'en',
    'what\\s+{IF}\\s+(?:all\\s+(?:of\\s+)?(?:the\\s+|our\\s+)?|the\\s+(?:whole\\s+|entire\\s+)?|every\\s+|both\\s+)?(?:control[-\\s]?plane(?:\\s+nodes?)?|masters?(?:\\s+nodes?)?|cp\\s+nodes?)\\s+{DOWN}',
  ),
  whatIf(
    'control-plane-down',
    'en',
    'what\\s+{IF}\\s+{WHO}\\s+lose\\s+(?:all\\s+(?:of\\s+)?(?:the\\s+)?|the\\s+(?:whole\\s+|entire\\s+)?)?(?:control[-\\s]?plane(?:\\s+nodes)?|masters|master\\s+nodes)',
  ),
  whatIf(
    'control-plane-down',
    'en',
    '(?:(?:whole|total|full)\\s+)?control[-\\s]?plane\\s+(?:outage|failure|down)',
  ),
  whatIf(
    'etcd-quorum-loss',
    'en',
    'what\\s+{IF}\\s+(?:the\\s+)?etcd(?:\\s+cluster)?\\s+(?:loses|lost|has\\s+lost|has\\s+no|drops\\s+below|is\\s+out\\s+of)\\s+(?:its\\s+)?quorum',
  ),
  whatIf('etcd-quorum-loss', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+(?:the\\s+)?etcd\\s+quorum'),
  whatIf('etcd-quorum-loss', 'en', '(?:etcd\\s+)?quorum\\s+loss'),
  // A component down on one node ("what if etcd is down on cp-1", "what if the etcd member on cp-1
  // dies"): that node's instance fails and stays down (a failure, not a restart); not the whole
  // node, and "on NODE" is no cluster.
  whatIf(
    'component-down',
    'en',
    'what\\s+{IF}\\s+{COMP}(?:\\s+member)?\\s+{DOWN}\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  whatIf(
    'component-down',
    'en',
    'what\\s+{IF}\\s+{COMP}(?:\\s+member)?\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?\\s+{DOWN}',
  ),
  whatIf('component-down', 'en', 'what\\s+{IF}\\s+{COMP}\\s+{DOWN}'),
  whatIf('component-down', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+{COMP}'),
  whatIf('node-down', 'en', 'what\\s+{IF}\\s+{NODE1}\\s+{DOWN}'),
  whatIf('node-down', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+{NODE1}'),
  // a node named as restarting is a reboot
  rule(
    'reboot-impact',
    'en',
    'what\\s+{IF}\\s+{NODE1}\\s+(?:reboots|restarts|is\\s+rebooted|is\\s+restarted|gets\\s+rebooted)',
  ),
  // The whole cluster's upgrade, no node named ("how do I upgrade the cluster?", "upgrade advice"):
  // before the node rules, so that "upgrade advice" is no node called "advice".
  clusterUpgrade(
    'en',
    'how\\s+(?:do|can|could|should|would|shall)\\s+{WHO}\\s+(?:safely\\s+)?upgrade(?:\\s+(?:{THE_CLUSTER}|{ALL_NODES}))?{TO_VERSION}(?:\\s+safely)?',
  ),
  clusterUpgrade(
    'en',
    '(?:how\\s+to|best\\s+way\\s+to)\\s+(?:safely\\s+)?upgrade(?:\\s+(?:{THE_CLUSTER}|{ALL_NODES}))?{TO_VERSION}',
  ),
  clusterUpgrade(
    'en',
    '(?:what\\S*s|what\\s+is|what\\s+are)\\s+the\\s+(?:best\\s+|right\\s+|safest\\s+)?(?:way|order|procedure|steps)\\s+(?:to|for)\\s+upgrad(?:e|ing)(?:\\s+(?:{THE_CLUSTER}|{ALL_NODES}))?{TO_VERSION}',
  ),
  clusterUpgrade(
    'en',
    '(?:(?:give\\s+me|show\\s+me|i\\s+need|need)\\s+)?(?:(?:the|an?|some)\\s+)?(?:(?:cluster|k8s|kubernetes)\\s+)?upgrade\\s+(?:advice|plan|steps|guide|guidance|procedure|instructions|order|help|how[-\\s]?to)(?:\\s+(?:for|of)\\s+{THE_CLUSTER})?{TO_VERSION}',
  ),
  clusterUpgrade(
    'en',
    '(?:(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?)?upgrade\\s+{THE_CLUSTER}{TO_VERSION}(?:\\s+safely)?{REASON}',
  ),
  clusterUpgrade(
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+upgrade\\s+{THE_CLUSTER}{TO_VERSION}{REASON}',
  ),
  clusterUpgrade('en', '(?:cluster|k8s|kubernetes)\\s+upgrade{TO_VERSION}'),
  // "upgrade" alone: the bot only advises, so the whole cluster's upgrade advice is the clear answer.
  clusterUpgrade('en', '(?:upgrade|upgrading|upgrades)'),
  // upgrades
  rule(
    'upgrade-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'upgrade-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}{REASON}',
  ),
  rule(
    'upgrade-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks)\\s+(?:if|when)\\s+{WHO}\\s+upgrade\\s+{NODE1}{TO_VERSION}',
  ),
  rule('upgrade-impact', 'en', '(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}{REASON}'),
  rule(
    'upgrade-impact',
    'en',
    '(?:upgrade\\s+impact\\s+(?:of|for)|impact\\s+of\\s+upgrading)\\s+{NODE1}{TO_VERSION}',
  ),
  // drain alone
  rule(
    'drain-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'drain-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}{REASON}',
  ),
  rule(
    'drain-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks|would\\s+break)\\s+(?:if|when)\\s+{WHO}\\s+(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}',
  ),
  rule(
    'drain-impact',
    'en',
    '(?:drain\\s+impact\\s+(?:of|for)|(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+draining)\\s+{NODE1}',
  ),
  rule('drain-impact', 'en', '(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}{REASON}'),
  // "worker-3 drain ok?": a drain alone ("worker-3 drain and reboot" stays a reboot)
  rule('drain-impact', 'en', '(?:node\\s+)?{NODE1}\\s+drain(?:\\s+(?:ok|okay|safe|possible))?'),
  // Korean
  whatIf(
    'component-restart',
    'ko',
    '(?:{KNODE1}\\s*(?:에서|의|에\\s*있는)\\s*)?{KCOMP}\\s*(?:을|를|만|이|가)?\\s*(?:재시작|재기동|리스타트|다시\\s*시작)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'component-restart',
    'ko',
    '{KCOMP}\\s*(?:이|가|을|를)?\\s*{KNODE1}\\s*(?:에서)\\s*(?:재시작|재기동|리스타트)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'rolling-update',
    'ko',
    '{KCOMP}\\s*(?:을|를)?\\s*(?:롤링\\s*(?:업데이트|재시작|업그레이드)|롤아웃\\s*재시작|업그레이드|업데이트)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'control-plane-down',
    'ko',
    '(?:모든\\s*|전체\\s*)?(?:컨트롤\\s*플레인|마스터)(?:\\s*노드)?(?:\\s*(?:전체|전부|모두|다))?(?:이|가|은|는)?\\s*(?:(?:전부|모두|다|동시에|한꺼번에)\\s*)?{KDOWN}',
  ),
  whatIf(
    'etcd-quorum-loss',
    'ko',
    'etcd(?:\\s*클러스터)?(?:의|가|이)?\\s*(?:쿼럼|정족수)(?:을|를|이|가)?\\s*(?:잃으면|잃어버리면|깨지면|없어지면|손실되면|상실하면|무너지면)(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니)|영향(?:은|이)?))?',
  ),
  // "cp-1의 etcd가 다운되면", "cp-1에서 etcd 멤버가 죽으면": that node's instance (see the English rules).
  whatIf(
    'component-down',
    'ko',
    '{KNODE1}\\s*(?:에서|의|에\\s*있는)\\s*{KCOMP}(?:\\s*멤버)?(?:이|가|은|는)?\\s*{KDOWN}',
  ),
  whatIf('component-down', 'ko', '{KCOMP}(?:이|가|은|는)?\\s*(?:전부\\s*|모두\\s*|다\\s*)?{KDOWN}'),
  whatIf('node-down', 'ko', '{KNODE1}(?:이|가|은|는)?\\s*{KDOWN}'),
  // The whole cluster's upgrade in Korean: "클러스터 업그레이드 어떻게 해?", "업그레이드 방법 알려줘",
  // "클러스터 1.34로 업그레이드해도 돼?", "클러스터 업그레이드".
  clusterUpgrade(
    'ko',
    '(?:{KCLUSTER}\\s*)?(?:(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?)\\s*(?:으로|로)\\s*)?(?:버전\\s*)?(?:업그레이드|업글)(?:\\s*(?:하려면|할\\s*때|하는\\s*법|하는\\s*방법))?\\s*{KHOW}',
  ),
  clusterUpgrade(
    'ko',
    '(?:{KCLUSTER}\\s*)?어떻게\\s*(?:{KCLUSTER}\\s*)?(?:버전\\s*)?(?:업그레이드|업글)\\s*(?:해요?|하나요?|하지요?|하죠|해야\\s*(?:돼요?|하나요?|해요?)|할까요?)',
  ),
  clusterUpgrade(
    'ko',
    '(?:버전\\s*)?(?:업그레이드|업글)(?:\\s*(?:좀\\s*)?(?:해\\s*줘|알려\\s*줘|알려\\s*주세요))?',
  ),
  clusterUpgrade(
    'ko',
    '{KCLUSTER}\\s*(?:(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?)\\s*(?:으로|로)\\s*)?(?:버전\\s*)?(?:업그레이드|업글)\\s*{KTAIL}',
  ),
  rule(
    'upgrade-impact',
    'ko',
    '{KNODE1}(?:을|를)?\\s*(?:(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?)\\s*(?:으로|로)\\s*)?(?:업그레이드|업글)\\s*{KTAIL}',
  ),
  rule('drain-impact', 'ko', '{KNODE1}(?:을|를)?\\s*(?:드레인|drain)(?:만)?\\s*{KTAIL}'),
];

/**
 * Every request form, one rule per line, English then Korean. A rule matches the whole text left
 * after options, time hints, cluster phrases, fillers and trailing punctuation were taken out.
 */
export const GRAMMAR: readonly GrammarRule[] = [
  ...WHAT_IF_GRAMMAR,
  // reboot impact, English
  rule(
    'reboot-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+|still\\s+)?{VERB}\\s+{NODE}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'reboot-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+{VERB}\\s+{NODE}{REASON}',
  ),
  rule('reboot-impact', 'en', 'is\\s+{NODE}\\s+{SAFE}\\s+to\\s+{VERB}{REASON}'),
  rule('reboot-impact', 'en', 'can\\s+{NODE}\\s+be\\s+(?:safely\\s+)?{VERB_ED}{REASON}'),
  rule(
    'reboot-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks|would\\s+break)\\s+(?:if|when)\\s+{WHO}\\s+{VERB}\\s+{NODE}{REASON}',
  ),
  rule(
    'reboot-impact',
    'en',
    '(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+{VERB_ING}\\s+{NODE}',
  ),
  rule('reboot-impact', 'en', '(?:reboot|restart|drain)\\s+impact\\s+(?:of|for)\\s+{NODE}'),
  rule('reboot-impact', 'en', 'drain\\s+{NODE}\\s+and\\s+(?:then\\s+)?(?:reboot|restart)(?:\\s+it)?{REASON}'),
  rule('reboot-impact', 'en', '{VERB}\\s+{NODE}{REASON}'),
  rule(
    'reboot-impact',
    'en',
    '{NODE_WORD}\\s+(?:reboot|restart|drain\\s+and\\s+reboot)(?:\\s+(?:ok|okay|safe|possible))?',
  ),
  // reboot impact, Korean
  rule('reboot-impact', 'ko', '{KNODE}\\s*{KDRAIN}{KVERB}{KTAIL}'),
  // the daily HA report on demand
  {
    ...rule(
      'ha-status',
      'en',
      '(?:(?:daily|ha|cluster)\\s+)?(?:health|ha|daily)\\s+(?:report|check[-\\s]?up)(?:\\s+(?:of|for)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+))?',
    ),
    report: true,
  },
  {
    ...rule(
      'ha-status',
      'ko',
      '(?:일일|데일리|정기)\\s*(?:점검|보고서?|리포트)(?:\\s*(?:해\\s*줘|보여\\s*줘|해\\s*주세요|보여\\s*주세요|부탁(?:해|해요|합니다)?))?',
    ),
    report: true,
  },
  // "status of stage": the status, of the cluster it names (other status questions are read by
  // their words in understand.ts).
  rule(
    'ha-status',
    'en',
    '(?:ha\\s+)?(?:status|health)\\s+(?:of|for)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+)',
  ),
];
