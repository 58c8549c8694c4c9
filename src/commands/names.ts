/**
 * Name rules for the two kinds of names a chat request carries: Kubernetes node names and the
 * bot's own cluster names. Both are checked before a name is used anywhere (lookup, log, answer).
 */

/**
 * Longest DNS-1123 subdomain (a node name), in characters.
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-subdomain-names
 */
export const MAX_NODE_NAME_LENGTH = 253;

/**
 * Longest DNS-1123 label (one dot-separated part of a node name; a whole cluster name), in characters.
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-label-names
 */
export const MAX_LABEL_LENGTH = 63;

/** One RFC 1123 label: lowercase alphanumerics and '-', starting and ending with an alphanumeric. */
const LABEL = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;

/**
 * The longest label selector a plan command takes, in characters: the queued job carries no more
 * (src/queue/job.ts), so a longer one is refused here, at once, rather than dropped by the worker
 * (hostile re-run, issue 33: a 1,200-character selector was queued, dropped, and answered "did not
 * finish within 60 s").
 */
export const MAX_SELECTOR_LENGTH = 500;

/**
 * Whether `name` is a valid Kubernetes node name: an RFC 1123 subdomain (lowercase letters,
 * digits, '-' and '.', at most 253 characters, each dot-separated label 1-63 characters,
 * starting and ending with a letter or digit).
 * Callers lowercase first if they accept mixed case (hostnames are case-insensitive).
 * @param name - the candidate name, used as is (no trimming, no case folding)
 * @returns true when Kubernetes would accept it as `metadata.name` of a Node
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-subdomain-names
 */
export function isValidNodeName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NODE_NAME_LENGTH) return false;
  return name.split('.').every((label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label));
}

/**
 * Whether `name` is an RFC 1123 label (`[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters): a
 * Kubernetes namespace name, or one dot-separated part of a node name.
 * @param name - the candidate name, used as is
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-label-names
 */
export function isDnsLabel(name: string): boolean {
  return name.length > 0 && name.length <= MAX_LABEL_LENGTH && LABEL.test(name);
}

/**
 * Whether `name` is a valid cluster name for this bot: an RFC 1123 label ({@link isDnsLabel}).
 * Cluster names appear in chat ("in prod"), in queue names and in config paths, so they are kept
 * this plain. The one rule every process and parser uses.
 * @param name - the candidate name, used as is
 * @returns true when the name is usable as a cluster name
 */
export function isValidClusterName(name: string): boolean {
  return isDnsLabel(name);
}
