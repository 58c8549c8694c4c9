/**
 * Offline snapshots: a {@link ClusterSnapshot} built from a {@link SnapshotFile} with the same
 * reduction as the live reader, for analysing recorded or scenario clusters without any HTTP.
 */
import { SnapshotBuilder, readyzFromText } from './snapshot-builder.js';
import type { SnapshotFile } from './snapshot-file.js';
import type { ClusterSnapshot } from './types.js';

/**
 * Build a snapshot from a loaded snapshot file.
 * @param file - the loaded file ({@link loadSnapshotFile})
 * @param cluster - the configured cluster name
 * @param focusNode - the node the request is about (its pods are kept whole), or null
 * @param now - clock used for `capturedAt` only when the file has no `captured_at`
 * @param moreFocusNodes - further nodes whose pods are kept whole (several nodes in one question)
 * @returns the snapshot; `capturedAt` is the file's `captured_at` (so lease and heartbeat ages
 *   are as recorded); `readyz` status is 500 when the text has a `[-]` line, else 200
 */
export function snapshotFromFile(
  file: SnapshotFile,
  cluster: string,
  focusNode: string | null,
  now: () => Date = () => new Date(),
  moreFocusNodes: readonly string[] = [],
): ClusterSnapshot {
  const builder = new SnapshotBuilder(focusNode, moreFocusNodes);
  for (const item of file.items) builder.add(item);
  builder.readErrors.push(...(file.readErrors ?? []));
  return builder.finish({
    cluster,
    capturedAt: file.capturedAt ?? now(),
    readyz: file.readyz === null ? null : readyzFromText(file.readyz),
    etcd: file.etcd,
  });
}
