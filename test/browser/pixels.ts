/**
 * Two element screenshots compared pixel by pixel (pixelmatch), as the eye
 * would: a pixel counts when its colour differs perceptibly (pixelmatch's
 * default threshold 0.1, in YIQ space) and is not anti-aliasing. With
 * `SFW_SHOTS=<folder>` both PNGs and the difference (red) are written there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface PixelDiff {
  /** "1280×900" or, when the sizes differ, "1280×900 vs 1280×880". */
  size: string;
  /** The sizes are equal, or a row or a column apart (where a box ends at half a pixel): then the common part is compared. */
  sameSize: boolean;
  /** Pixels that differ. */
  pixels: number;
  /** pixels / all pixels compared. */
  ratio: number;
  /** The width and height compared. */
  area: [number, number];
}

export function comparePngs(expected: Buffer, actual: Buffer, name?: string): PixelDiff {
  let a: PNG = PNG.sync.read(expected);
  let b: PNG = PNG.sync.read(actual);
  const size = a.width === b.width && a.height === b.height ? `${a.width}×${a.height}` : `${a.width}×${a.height} vs ${b.width}×${b.height}`;
  if (Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1) {
    save(name, expected, actual);
    return { size, sameSize: false, pixels: Infinity, ratio: 1, area: [0, 0] };
  }
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  [a, b] = [crop(a, width, height), crop(b, width, height)];
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(a.data, b.data, diff.data, width, height, { threshold: 0.1 });
  save(name, expected, actual, PNG.sync.write(diff));
  return { size, sameSize: true, pixels, ratio: pixels / (width * height), area: [width, height] };
}

/** The image's top left width × height. */
function crop(png: PNG, width: number, height: number): PNG {
  if (png.width === width && png.height === height) return png;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, width, height, 0, 0);
  return out;
}

function save(name: string | undefined, expected: Buffer, actual: Buffer, diff?: Buffer): void {
  const dir = process.env.SFW_SHOTS;
  if (!dir || !name) return;
  mkdirSync(dir, { recursive: true });
  const file = name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  writeFileSync(join(dir, `${file}.demo.png`), expected);
  writeFileSync(join(dir, `${file}.legacy.png`), actual);
  if (diff) writeFileSync(join(dir, `${file}.diff.png`), diff);
}
