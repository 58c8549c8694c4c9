/**
 * YAML aliases counted against the file's own size, before any JS object is built: a "billion
 * laughs" file (aliases of aliases) or one large anchor aliased many times expands to far more
 * than it weighs, and building it costs that much time and memory (issue 33: a 1 MB file took
 * 8.9 s and 469 MB under the `yaml` package's `maxAliasCount: 100`, which bounds the count of
 * aliases, not what they expand to). Each document's size is computed on its syntax tree with every
 * alias replaced by what it refers to (each anchored node's size computed once), so the check
 * costs the tree's size, never the expansion's.
 */
import type { Document, Node as YamlNode } from 'yaml';
import { yamlLib } from './lazy-yaml.js';

/**
 * Most a YAML text may grow when its aliases are expanded: the expanded size (characters of its
 * scalars as written, one more per collection and pair) at most this many times the text's
 * length. A file without aliases stays under its own length; `kubectl get -o yaml` writes none.
 */
export const YAML_ALIAS_EXPANSION_MAX = 10;

/**
 * Why the aliases of parsed YAML documents may not be expanded, or null when they may: they would
 * expand to more than {@link YAML_ALIAS_EXPANSION_MAX} times `text`'s length, or an alias refers
 * to a node that contains it (a cycle no JSON can hold).
 * @param docs - the documents parsed from `text` (without errors)
 * @param text - their source
 * @returns the reason with the limit and how to fix it (for a message after the file's name), or null
 */
export function yamlAliasProblem(docs: readonly Document.Parsed[], text: string): string | null {
  const { isAlias, isCollection, isPair, isScalar, visit } = yamlLib();
  const limit = YAML_ALIAS_EXPANSION_MAX * Math.max(text.length, 1);
  const fix = "write the file without aliases (`yq 'explode(.)' FILE` expands them), or as JSON";
  let total = 0;
  for (const doc of docs) {
    // What each alias refers to: the last node before it with its anchor, in document order (as
    // the `yaml` package resolves it, in one walk instead of one per alias).
    const targets = new Map<unknown, unknown>();
    const anchored = new Map<string, unknown>();
    visit(doc, {
      Node(_key, node) {
        if (isAlias(node)) targets.set(node, anchored.get(node.source));
        else if (node.anchor !== undefined) anchored.set(node.anchor, node);
      },
    });
    // Sizes of this document's nodes, each computed once.
    const sizes = new Map<unknown, number>();
    const inProgress = new Set<unknown>();
    let cyclic = false;
    const size = (node: unknown): number => {
      const known = sizes.get(node);
      if (known !== undefined) return known;
      if (inProgress.has(node)) {
        cyclic = true;
        return 0;
      }
      inProgress.add(node);
      let n = 0;
      if (isAlias(node)) n = size(targets.get(node));
      else if (isScalar(node)) n = node.range ? node.range[1] - node.range[0] : String(node.value).length;
      else if (isPair(node)) n = 1 + size(node.key) + size(node.value);
      else if (isCollection(node)) {
        n = 1;
        for (const item of node.items as unknown[]) {
          n += size(item);
          if (n > limit) break; // refused anyway: no need to size the rest
        }
      }
      inProgress.delete(node);
      sizes.set(node, n);
      return n;
    };
    total += size(doc.contents as YamlNode | null);
    if (cyclic) return `an alias refers to a node that contains it (a cycle); ${fix}`;
    if (total > limit)
      return `its aliases expand it to more than ${YAML_ALIAS_EXPANSION_MAX} times its size (${text.length} characters; refused before expanding, as a "billion laughs" file would be); ${fix}`;
  }
  return null;
}
