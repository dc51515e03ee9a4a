/**
 * A small PNG writer (README.md, "PNG images"): 8-bit greyscale, no interlace, filter type 0 on every
 * row, one IDAT deflated by node:zlib, each chunk's CRC-32 by zlib.crc32 (Node ≥ 20.15). Enough for the
 * two images the server draws itself: the TOTP enrolment's QR code (customer/otp.ts, Barong's `barcode`)
 * and the demo seed's sample identity card (db/seed/sample-documents.ts). Pure: no I/O, no state.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG of `pixels`: `width × height` grey levels, row by row (0 black, 255 white). */
export function greyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || pixels.length !== width * height) {
    throw new RangeError(`greyPng: ${pixels.length} pixels do not make a ${width}×${height} image`);
  }
  // Each row is preceded by its filter-type byte (0: none); QR modules and flat drawings gain little from filters.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale; compression, filter method and interlace stay 0
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The quiet zone ISO/IEC 18004 asks around a QR symbol, in modules. */
export const QR_QUIET_MODULES = 4;

/**
 * A PNG of a QR symbol's module matrix (`true` dark), with the 4-module quiet zone, each module a square
 * of whole pixels chosen so the image is about `target` pixels wide (never under 1 per module).
 */
export function qrPng(modules: readonly (readonly boolean[])[], target = 200): { png: Buffer; scale: number; width: number } {
  const n = modules.length;
  if (n === 0 || modules.some((row) => row.length !== n)) throw new RangeError('qrPng: the module matrix is not square');
  const cells = n + 2 * QR_QUIET_MODULES;
  const scale = Math.max(1, Math.round(target / cells));
  const width = cells * scale;
  const px = new Uint8Array(width * width).fill(0xff);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!modules[r]![c]) continue;
      const x0 = (c + QR_QUIET_MODULES) * scale;
      for (let y = (r + QR_QUIET_MODULES) * scale, end = y + scale; y < end; y++) px.fill(0, y * width + x0, y * width + x0 + scale);
    }
  }
  return { png: greyPng(width, width, px), scale, width };
}
