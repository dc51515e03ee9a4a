/**
 * Whether a text is an address a blockchain client's chain can send to — checked where coins leave the
 * platform on staff's word (a deposit's refund), so a typo is refused before anything moves rather than
 * burnt on chain. Per client:
 * - bitcoin: a segwit address (BIP 173 bech32 for version 0, BIP 350 bech32m for 1–16; `bc`, `tb`,
 *   `bcrt`) with its checksum and program length, or a base58check P2PKH/P2SH address (main or test
 *   network) with its checksum;
 * - ethereum: `0x` and 40 hex digits, not the zero address. A mixed-case (EIP-55) checksum is not
 *   verified: node:crypto has no keccak-256.
 * A chain this file does not know (or a coin with no blockchain) takes an address any of them would.
 */
import { createHash } from 'node:crypto';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1, BECH32M_CONST = 0x2bc830a3;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BITCOIN_HRPS = new Set(['bc', 'tb', 'bcrt']);
/** P2PKH and P2SH version bytes, main and test networks. */
const BASE58_VERSIONS = new Set([0x00, 0x05, 0x6f, 0xc4]);

function polymod(values: readonly number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/** 5-bit groups to bytes; null when the padding is not zero or too long (BIP 173). */
function toBytes(data: readonly number[]): number[] | null {
  let acc = 0, bits = 0;
  const out: number[] = [];
  for (const v of data) {
    acc = (acc << 5) | v;
    bits += 5;
    while (bits >= 8) { bits -= 8; out.push((acc >>> bits) & 0xff); }
    acc &= (1 << bits) - 1;
  }
  return bits >= 5 || acc !== 0 ? null : out;
}

function isSegwit(text: string): boolean {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) return false;
  const s = text.toLowerCase();
  const sep = s.lastIndexOf('1');
  const hrp = s.slice(0, sep);
  if (!BITCOIN_HRPS.has(hrp) || s.length - sep - 1 < 7) return false;
  const data = [...s.slice(sep + 1)].map((c) => BECH32.indexOf(c));
  if (data.some((v) => v < 0)) return false;
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const version = data[0]!;
  if (version > 16 || polymod(expanded) !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = toBytes(data.slice(1, -6));
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/** A segwit version-0 address of `program` (20 or 32 bytes) under `hrp` (BIP 173): what a node hands out as a new deposit address. */
export function segwitAddress(hrp: string, program: Uint8Array): string {
  const data = [0];
  let acc = 0, bits = 0;
  for (const b of program) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) { bits -= 5; data.push((acc >>> bits) & 31); }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data, 0, 0, 0, 0, 0, 0];
  const mod = polymod(expanded) ^ BECH32_CONST;
  const check = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...check].map((v) => BECH32[v]).join('')}`;
}

function isBase58Check(text: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(text)) return false;
  let n = 0n;
  for (const c of text) n = n * 58n + BigInt(BASE58.indexOf(c));
  const hex = n.toString(16).padStart(2, '0');
  const bytes = Buffer.from('00'.repeat(text.match(/^1*/)![0].length) + (hex.length % 2 ? `0${hex}` : hex), 'hex');
  if (bytes.length !== 25 || !BASE58_VERSIONS.has(bytes[0]!)) return false;
  const sum = createHash('sha256').update(createHash('sha256').update(bytes.subarray(0, 21)).digest()).digest();
  return sum.subarray(0, 4).equals(bytes.subarray(21));
}

const isEthereum = (text: string) => /^0x[0-9a-fA-F]{40}$/.test(text) && !/^0x0{40}$/.test(text);

const CLIENTS: Record<string, (text: string) => boolean> = {
  bitcoin: (text) => isSegwit(text) || isBase58Check(text),
  ethereum: isEthereum,
};

/** Whether `text` is an address of the chain `client` (any known chain's when the client is unknown or null). */
export function isChainAddress(client: string | null | undefined, text: string): boolean {
  const check = client ? CLIENTS[client] : undefined;
  return check ? check(text) : Object.values(CLIENTS).some((c) => c(text));
}
