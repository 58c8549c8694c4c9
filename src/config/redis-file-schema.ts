/**
 * The schema of the config file's `redis` entry, apart from the Redis rules (redis-settings.ts) so
 * that reading the environment's Redis settings loads no zod: zod loads with the config file's
 * schema, only when a file is validated.
 */
import * as z from 'zod';

/** The `redis` entry of the config file, as written (which keys go together is checked by `redisTargetFromSettings`). */
export const redisFileSchema = z.strictObject({
  url: z.string().min(1).optional(),
  sentinels: z
    .array(z.strictObject({ host: z.string().min(1), port: z.number().int().min(1).max(65535) }))
    .min(1)
    .optional(),
  name: z.string().min(1).optional(),
  username: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  sentinelUsername: z.string().min(1).optional(),
  sentinelPassword: z.string().min(1).optional(),
  db: z.number().int().min(0).optional(),
  tls: z.boolean().optional(),
  sentinelTls: z.boolean().optional(),
});

/** The `redis` entry after schema validation. */
export type RedisSettings = z.infer<typeof redisFileSchema>;
