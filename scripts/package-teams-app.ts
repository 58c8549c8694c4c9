/**
 * `npm run teams:package`: builds the Teams app package (a zip with `manifest.json`,
 * `color.png` and `outline.png` at its root) to upload in Teams (Apps → Manage your apps →
 * Upload an app) or the Teams Developer Portal.
 *
 * - The manifest comes from `teams/manifest.json`, with `${MICROSOFT_APP_ID}` (the bot's app id,
 *   also the app's id) and `${TEAMS_APP_WEBSITE}` (an https URL; default
 *   `https://k8s-ha-bot.example.com`) filled in from the environment or `--app-id` / `--website`.
 * - The icons are drawn here (node:zlib PNG encoder, no image library): colour 192×192 (a white
 *   ring and check on Kubernetes blue), outline 32×32 (white on transparent, alpha 0 or 255 only),
 *   the sizes Teams requires (https://learn.microsoft.com/en-us/microsoftteams/platform/concepts/build-and-test/apps-package).
 *   `--icons-only` rewrites `teams/color.png` and `teams/outline.png`.
 * - Zipped with the `zip` command (Info-ZIP; Debian package `zip`), flat (`-j`).
 *
 * Output: `dist/teams-app/` and `dist/k8s-ha-bot-teams.zip` (or `--out DIR`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Encode RGBA pixels as a PNG (8 bits per channel, colour type 6, no interlace, filter 0).
 * @param width - pixels
 * @param height - pixels
 * @param rgba - width × height × 4 bytes, rows top to bottom
 * @returns the PNG file
 * @throws RangeError when `rgba` has the wrong length
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4)
    throw new RangeError(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether a point (in a unit square, 0..1) is on the icon's mark: a ring and a check inside it. */
function onMark(x: number, y: number): boolean {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  if (r >= 0.3 && r <= 0.38) return true;
  // The check: two thick segments (0.36,0.52)→(0.46,0.62)→(0.65,0.40).
  const near = (ax: number, ay: number, bx: number, by: number): boolean => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= 0.04;
  };
  return near(0.36, 0.52, 0.46, 0.62) || near(0.46, 0.62, 0.65, 0.4);
}

/**
 * The colour icon: 192×192, the mark in white on Kubernetes blue (#326CE5), 4×4 supersampled.
 * @returns the PNG file
 */
export function colorIconPng(): Buffer {
  const size = 192;
  const px = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy += 1)
        for (let sx = 0; sx < 4; sx += 1)
          if (onMark((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size)) hits += 1;
      const a = hits / 16;
      const i = (y * size + x) * 4;
      px[i] = Math.round(0x32 + (255 - 0x32) * a);
      px[i + 1] = Math.round(0x6c + (255 - 0x6c) * a);
      px[i + 2] = Math.round(0xe5 + (255 - 0xe5) * a);
      px[i + 3] = 255;
    }
  }
  return encodePng(size, size, px);
}

/**
 * The outline icon: 32×32, the mark in white on a transparent background; every pixel is either
 * white and opaque or fully transparent (what Teams asks of outline icons).
 * @returns the PNG file
 */
export function outlineIconPng(): Buffer {
  const size = 32;
  const px = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const i = (y * size + x) * 4;
      const on = onMark((x + 0.5) / size, (y + 0.5) / size);
      px.set(on ? [255, 255, 255, 255] : [0, 0, 0, 0], i);
    }
  }
  return encodePng(size, size, px);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Fill the manifest template.
 * @param template - `teams/manifest.json` text
 * @param appId - the bot's Microsoft App ID (a GUID)
 * @param website - https URL of the developer site
 * @returns the manifest object
 * @throws Error when the app id is not a GUID, the website not https, or a placeholder is left
 */
export function fillTeamsManifest(template: string, appId: string, website: string): Record<string, unknown> {
  if (!GUID.test(appId))
    throw new Error(
      `MICROSOFT_APP_ID must be the bot's Microsoft App ID (a GUID), got ${JSON.stringify(appId)}`,
    );
  if (!/^https:\/\/[^\s/]+/.test(website))
    throw new Error(`TEAMS_APP_WEBSITE must be an https:// URL, got ${JSON.stringify(website)}`);
  const text = template
    .replaceAll('${MICROSOFT_APP_ID}', appId)
    .replaceAll('${TEAMS_APP_WEBSITE}', website.replace(/\/+$/, ''));
  const left = /\$\{[A-Z_]+\}/.exec(text);
  if (left) throw new Error(`manifest placeholder ${left[0]} has no value`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Options of {@link packageTeamsApp}. */
export interface PackageTeamsAppOptions {
  appId: string;
  /** @defaultValue `https://k8s-ha-bot.example.com` */
  website?: string;
  /** Project root (where `teams/manifest.json` is). @defaultValue the current directory */
  root?: string;
  /** Output directory. @defaultValue `<root>/dist` */
  out?: string;
}

/**
 * Build the app package.
 * @param options - see {@link PackageTeamsAppOptions}
 * @returns the zip's path and the folder it was made from
 * @throws Error for a bad app id or website, or when `zip` is missing or fails
 */
export function packageTeamsApp(options: PackageTeamsAppOptions): { zip: string; dir: string } {
  const root = resolve(options.root ?? process.cwd());
  const out = resolve(options.out ?? join(root, 'dist'));
  const manifest = fillTeamsManifest(
    readFileSync(join(root, 'teams/manifest.json'), 'utf8'),
    options.appId,
    options.website ?? 'https://k8s-ha-bot.example.com',
  );
  const dir = join(out, 'teams-app');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'color.png'), colorIconPng());
  writeFileSync(join(dir, 'outline.png'), outlineIconPng());
  const zip = join(out, 'k8s-ha-bot-teams.zip');
  rmSync(zip, { force: true });
  const result = spawnSync(
    'zip',
    ['-j', '-X', '-q', zip, join(dir, 'manifest.json'), join(dir, 'color.png'), join(dir, 'outline.png')],
    { encoding: 'utf8' },
  );
  if (result.error)
    throw new Error(`could not run zip (${result.error.message}); install it (Debian: apt-get install zip)`);
  if (result.status !== 0) throw new Error(`zip failed with status ${result.status}: ${result.stderr}`);
  return { zip, dir };
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** CLI: `node dist-scripts/scripts/package-teams-app.js [--app-id GUID] [--website URL] [--out DIR] [--icons-only]`. */
function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--icons-only')) {
    writeFileSync('teams/color.png', colorIconPng());
    writeFileSync('teams/outline.png', outlineIconPng());
    process.stdout.write('wrote teams/color.png (192×192) and teams/outline.png (32×32)\n');
    return;
  }
  const appId = argValue(args, '--app-id') ?? process.env.MICROSOFT_APP_ID ?? '';
  const website = argValue(args, '--website') ?? process.env.TEAMS_APP_WEBSITE;
  const out = argValue(args, '--out');
  const { zip } = packageTeamsApp({ appId, ...(website ? { website } : {}), ...(out ? { out } : {}) });
  process.stdout.write(`${zip}\n`);
}

if (
  process.argv[1] &&
  resolve(process.argv[1]).replace(/\.ts$/, '.js').endsWith(join('scripts', 'package-teams-app.js'))
) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`package-teams-app: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  }
}
