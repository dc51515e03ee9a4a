/**
 * Reads back the PNGs the server writes (src/server/auth/png.ts) for tests: every chunk's length, type and
 * CRC-32, the IHDR, and the pixels of the inflated IDAT (8-bit greyscale, filter 0 only — what the writer
 * makes; anything else throws, so a writer change that breaks the format fails the tests).
 */
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng { width: number; height: number; bitDepth: number; colourType: number; chunks: string[]; pixels: Buffer }

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let ihdr: Buffer | undefined;
  for (let i = 8; i < png.length;) {
    const len = png.readUInt32BE(i);
    const type = png.toString('latin1', i + 4, i + 8);
    const data = png.subarray(i + 8, i + 8 + len);
    if (crc32(png.subarray(i + 4, i + 8 + len)) !== png.readUInt32BE(i + 8 + len)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    i += 12 + len;
  }
  if (!ihdr || chunks[0] !== 'IHDR' || chunks.at(-1) !== 'IEND') throw new Error(`chunks out of order: ${chunks.join(',')}`);
  const width = ihdr.readUInt32BE(0), height = ihdr.readUInt32BE(4), bitDepth = ihdr[8]!, colourType = ihdr[9]!;
  if (bitDepth !== 8 || colourType !== 0 || ihdr[10] !== 0 || ihdr[11] !== 0 || ihdr[12] !== 0) throw new Error('not 8-bit grey, plain');
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== (width + 1) * height) throw new Error(`IDAT holds ${raw.length} bytes, not ${(width + 1) * height}`);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (width + 1)] !== 0) throw new Error(`row ${y} has filter ${raw[y * (width + 1)]}`);
    raw.copy(pixels, y * width, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return { width, height, bitDepth, colourType, chunks, pixels };
}

/**
 * The module matrix a QR image shows, read at each module's centre, quiet zone included (`true` dark), given
 * the modules per side the symbol has; throws when a module's square is not one flat colour.
 */
export function qrModules(p: DecodedPng, symbolSize: number, quiet = 4): boolean[][] {
  const cells = symbolSize + 2 * quiet;
  if (p.width !== p.height || p.width % cells !== 0) throw new Error(`${p.width}×${p.height} is not ${cells} whole modules a side`);
  const s = p.width / cells;
  return Array.from({ length: cells }, (_, r) => Array.from({ length: cells }, (_, c) => {
    const v = p.pixels[(r * s) * p.width + c * s]!;
    for (let y = r * s; y < (r + 1) * s; y++) for (let x = c * s; x < (c + 1) * s; x++) {
      if (p.pixels[y * p.width + x] !== v) throw new Error(`module ${r},${c} is not one colour`);
    }
    if (v !== 0 && v !== 0xff) throw new Error(`module ${r},${c} is grey ${v}`);
    return v === 0;
  }));
}

/** A matrix with `quiet` light modules around it, to compare with qrModules. */
export const withQuietZone = (m: readonly (readonly boolean[])[], quiet = 4): boolean[][] => {
  const n = m.length + 2 * quiet;
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => m[r - quiet]?.[c - quiet] ?? false));
};
