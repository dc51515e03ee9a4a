/**
 * The server's PNG writer (src/server/auth/png.ts): a QR matrix comes back module for module from the
 * decoded image (signature, IHDR, every chunk's CRC, inflated IDAT), with its quiet zone and ~200 px; the
 * CRC-32 it relies on gives the standard's known answers; bad sizes are refused.
 */
import { crc32 } from 'node:zlib';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { greyPng, qrPng } from '../../src/server/auth/png.js';
import { decodePng, qrModules, withQuietZone } from '../helpers/png.js';

describe('PNG writer', () => {
  it('CRC-32 gives the known answers the chunks need', () => {
    expect(crc32('123456789')).toBe(0xcbf43926); // the CRC-32 (ISO-HDLC) check value
    const png = greyPng(1, 1, new Uint8Array([0]));
    // The IEND chunk is the same in every PNG: length 0, "IEND", CRC AE 42 60 82.
    expect(png.subarray(-12).toString('hex')).toBe('0000000049454e44ae426082');
  });

  it('draws a QR matrix module for module, with a 4-module quiet zone, about 200 px wide', () => {
    for (const text of ['otpauth://totp/Steward:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Steward', 'x']) {
      const qr = encode(text, { ecc: 'M', border: 0 });
      const { png, scale, width } = qrPng(qr.data);
      const p = decodePng(png);
      expect(p.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect([p.width, p.height, p.bitDepth, p.colourType]).toEqual([width, width, 8, 0]);
      expect(width).toBe((qr.size + 8) * scale);
      expect(Math.abs(width - 200)).toBeLessThanOrEqual((qr.size + 8) / 2);
      expect(qrModules(p, qr.size)).toEqual(withQuietZone(qr.data));
    }
  });

  it('keeps grey levels and refuses pixels that do not make the image', () => {
    const px = new Uint8Array([0, 64, 128, 255, 1, 2]);
    expect([...decodePng(greyPng(3, 2, px)).pixels]).toEqual([...px]);
    expect(() => greyPng(3, 3, px)).toThrow(RangeError);
    expect(() => greyPng(0, 0, new Uint8Array(0))).toThrow(RangeError);
    expect(() => qrPng([[true, false], [true]])).toThrow(RangeError);
  });
});
