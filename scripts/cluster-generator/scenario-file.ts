/** Writing a generated cluster as a scenario file, streamed. */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stringify as losslessStringify } from 'lossless-json';
import type { GeneratedCluster } from './index.js';

/**
 * Write a generated cluster as a scenario file (FORMAT.md), streaming one item per line.
 * `captured_at`, `etcd` and `readyz` come before `cluster` so that readers streaming the file
 * know `captured_at` before the first item. etcd ids are written as exact JSON integers.
 * @param path - output file
 * @param cluster - from {@link generateCluster}
 * @returns bytes written
 */
export async function writeScenarioFile(path: string, cluster: GeneratedCluster): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let buffer: string[] = [];
  let buffered = 0;
  const flush = async (): Promise<void> => {
    if (buffer.length === 0) return;
    const chunk = buffer.join('');
    buffer = [];
    buffered = 0;
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const push = async (s: string): Promise<void> => {
    buffer.push(s);
    buffered += s.length;
    if (buffered > 1 << 20) await flush();
  };
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined); // observed below through Promise.race
  const write = async (): Promise<void> => {
    await push('{\n');
    for (const k of ['scenario', 'source', 'request', 'captured_at', 'notes'] as const)
      await push(`${JSON.stringify(k)}: ${JSON.stringify(cluster[k])},\n`);
    await push(`"etcd": ${losslessStringify(cluster.etcd) ?? 'null'},\n`);
    await push(`"readyz": ${JSON.stringify(cluster.readyz)},\n`);
    await push(
      '"cluster": {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": [\n',
    );
    let first = true;
    for (const item of cluster.items()) {
      await push(first ? JSON.stringify(item) : `,\n${JSON.stringify(item)}`);
      first = false;
    }
    await push('\n]}\n}\n');
    await flush();
    out.end();
    await once(out, 'finish');
  };
  await Promise.race([write(), failed]);
  return bytes;
}
