/** Whether text is an IPv4 or IPv6 address (the palette runs in the browser: no node:net). */
const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIP(text: string): boolean {
  if (V4.test(text)) return true;
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try { return new URL(`http://[${text}]/`).hostname.length > 2; } catch { return false; }
}
