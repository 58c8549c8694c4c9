/**
 * English prose in a Korean answer (issue 30: a new user found "0/5 nodes can take it: …" and
 * "caution: 대기" in Korean answers). Names, commands, API kinds and fields, flags, quoted upstream
 * messages and the project's chosen Latin terms (cordon, taint, toleration: test/unit/korean-terms)
 * are Latin by design; English function words and the analysis' English phrases are not.
 */

/** English words that are prose, never a name, kind, field or command of a Korean answer. */
const PROSE = new Set([
  'a',
  'an',
  'and',
  'are',
  'by',
  'can',
  'caution',
  'cordoned',
  'drained',
  'for',
  'from',
  'in',
  'insufficient',
  'is',
  'it',
  'no',
  'nodes',
  'not',
  'of',
  'on',
  'or',
  'pinned',
  'preempting',
  'safe',
  'take',
  'the',
  'to',
  'unsafe',
  'untolerated',
  'with',
]);

/** Commands whose words run to the next Hangul (`kubectl label node X foo-`, `oc get clusterversion`). */
const COMMAND =
  /\b(?:kubectl|etcdctl|kubeadm|systemctl|journalctl|crictl|talosctl|oc|k3d|rke2|ssh|sudo|curl|nft|ipvsadm|iptables-save)\b[^\uAC00-\uD7A3]*/gu;

/**
 * The English prose words of a Korean text, each with its line (empty when there is none): code in
 * backticks, quoted text, commands and flags are left out.
 * @param text - a rendered Korean answer
 */
export function englishProse(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /[\uAC00-\uD7A3]/u.test(line))
    .flatMap((line) => {
      const prose = line
        .replace(/`[^`]*`/gu, ' ')
        .replace(/"[^"]*"/gu, ' ')
        .replace(COMMAND, ' ')
        .replace(/(?<!\S)--?[a-z][\w-]*(?:=\S*)?/giu, ' ');
      return [...prose.matchAll(/(?<![\w./:=@-])[A-Za-z]+(?![\w/:.=@-])/gu)]
        .map((m) => m[0])
        .filter((w) => PROSE.has(w.toLowerCase()))
        .map((w) => `${w} in: ${line.trim().slice(0, 200)}`);
    });
}
