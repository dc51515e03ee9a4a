/**
 * Sample KYC files drawn by code (issue 27 item 2: no real person): a PNG "identity card" saying
 * SAMPLE - NOT A REAL PERSON with the applicant's name, and a one-page PDF "utility bill" with the same
 * words. Both pass the upload's own checks (auth/documents/file-check.ts); a few KB each, made in
 * well under a millisecond, so the seed's time hardly moves (README.md beside the documents code).
 */
import { greyPng } from '../../auth/png.js';

/** 5×7 glyphs, one string of 7 rows of 5 bits each; what the sample's words and names need. */
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001', B: '11110100011000111110100011000111110', C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110', E: '11111100001000011110100001000011111', F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111', H: '10001100011000111111100011000110001', I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100', K: '10001100101010011000101001001010001', L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001', N: '10001110011010110011100011000110001', O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000', Q: '01110100011000110001101011001001101', R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110', T: '11111001000010000100001000010000100', U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100', W: '10001100011000110101101011010101010', X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100', Z: '11111000010001000100010001000011111', '-': '00000000000000011111000000000000000',
  ' ': '00000000000000000000000000000000000',
};

const W = 360, H = 220;

/** A grey-scale canvas: white card, dark border and text, a grey square where a photo would be. */
function drawCard(lines: string[]): Buffer {
  const px = Buffer.alloc(W * H, 0xff);
  const rect = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < y0 + h; y++) px.fill(v, y * W + x0, y * W + x0 + w);
  };
  rect(0, 0, W, 4, 0x30); rect(0, H - 4, W, 4, 0x30); rect(0, 0, 4, H, 0x30); rect(W - 4, 0, 4, H, 0x30);
  rect(20, 60, 80, 100, 0xc0);
  lines.forEach((text, row) => {
    const scale = row === 0 ? 3 : 2;
    const y0 = row === 0 ? 16 : 64 + (row - 1) * 22;
    const x0 = row === 0 ? 20 : 116;
    [...text.toUpperCase()].slice(0, row === 0 ? 18 : 19).forEach((ch, i) => {
      const g = GLYPHS[ch] ?? GLYPHS[' ']!;
      for (let r = 0; r < 7; r++) for (let c = 0; c < 5; c++) {
        if (g[r * 5 + c] === '1') rect(x0 + (i * 6 + c) * scale, y0 + r * scale, scale, scale, 0x20);
      }
    });
  });
  return px;
}

/** A PNG of the sample card (8-bit grey, the server's one PNG writer). */
export function samplePng(name: string): Buffer {
  return greyPng(W, H, drawCard(['SAMPLE', 'NOT A REAL PERSON', name, 'SPECIMEN ONLY']));
}

/** A one-page PDF 1.4 with the sample's words in Helvetica; the xref offsets are computed. */
export function samplePdf(name: string): Buffer {
  const safe = name.replace(/[^A-Za-z0-9 .-]/g, '');
  const text = `BT /F1 18 Tf 60 760 Td (SAMPLE - not a real person) Tj 0 -28 Td /F1 12 Tf (Utility bill for ${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
