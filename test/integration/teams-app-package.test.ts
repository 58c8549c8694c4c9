/**
 * The Teams app package: `scripts/package-teams-app.ts` fills the manifest, draws the icons and
 * zips them flat with the `zip` command; the zip is read back with `unzip`.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import {
  colorIconPng,
  fillTeamsManifest,
  outlineIconPng,
  packageTeamsApp,
} from '../../scripts/package-teams-app.js';

const APP_ID = '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f';

/** Width, height and RGBA pixels of a PNG written by encodePng (filter 0 rows). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8, 13)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, rgba };
}

describe('Teams app package', () => {
  it('draws a 192×192 colour icon and a 32×32 white-on-transparent outline icon', () => {
    const color = decodePng(colorIconPng());
    expect([color.width, color.height]).toEqual([192, 192]);
    const outline = decodePng(outlineIconPng());
    expect([outline.width, outline.height]).toEqual([32, 32]);
    let white = 0;
    for (let i = 0; i < outline.rgba.length; i += 4) {
      const px = [...outline.rgba.subarray(i, i + 4)].join(',');
      expect(['255,255,255,255', '0,0,0,0']).toContain(px);
      if (px === '255,255,255,255') white += 1;
    }
    expect(white).toBeGreaterThan(50);
    expect(white).toBeLessThan(32 * 32 - 200);
    expect(readFileSync('teams/color.png').equals(colorIconPng())).toBe(true);
    expect(readFileSync('teams/outline.png').equals(outlineIconPng())).toBe(true);
  });

  it('fills the manifest: app id as id and botId, three scopes, command lists within Teams limits', () => {
    const manifest = fillTeamsManifest(
      readFileSync('teams/manifest.json', 'utf8'),
      APP_ID,
      'https://bot.example.org/',
    ) as {
      id: string;
      manifestVersion: string;
      developer: { websiteUrl: string; privacyUrl: string };
      bots: {
        botId: string;
        scopes: string[];
        commandLists: { scopes: string[]; commands: { title: string; description: string }[] }[];
      }[];
    };
    expect(manifest.id).toBe(APP_ID);
    expect(manifest.manifestVersion).toBe('1.17');
    expect(manifest.developer.privacyUrl).toBe('https://bot.example.org/privacy');
    const [bot] = manifest.bots;
    expect(bot?.botId).toBe(APP_ID);
    expect(bot?.scopes.sort()).toEqual(['groupChat', 'personal', 'team']);
    for (const list of bot?.commandLists ?? []) {
      expect(list.commands.length).toBeLessThanOrEqual(10);
      for (const c of list.commands) {
        expect(c.title.length).toBeLessThanOrEqual(32);
        expect(c.description.length).toBeLessThanOrEqual(128);
      }
    }
    expect(() => fillTeamsManifest('{}', 'not-a-guid', 'https://x.example')).toThrow(/MICROSOFT_APP_ID/);
    expect(() => fillTeamsManifest('{}', APP_ID, 'http://x.example')).toThrow(/https/);
  });

  it('zips manifest.json, color.png and outline.png flat', () => {
    const out = mkdtempSync(join(tmpdir(), 'teams-app-'));
    try {
      const { zip } = packageTeamsApp({ appId: APP_ID, out });
      const list = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' });
      expect(list.status).toBe(0);
      expect(list.stdout.trim().split('\n').sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
      const manifest = JSON.parse(
        spawnSync('unzip', ['-p', zip, 'manifest.json'], { encoding: 'utf8' }).stdout,
      ) as { id: string };
      expect(manifest.id).toBe(APP_ID);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
