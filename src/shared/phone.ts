/**
 * Phone numbers shown one way on every screen: E.164 with its '+', ungrouped ('+447700900123'), since
 * grouping depends on the country's numbering plan and a wrong grouping misleads more than none. The wire
 * keeps what the server stores, the digits alone (Barong's phone_number), so only display goes through here.
 */

/** Field names that hold a phone number (phone_number, user_phone, phone). */
export const isPhoneField = (name: string): boolean => /(^|_)phone(_number)?$/.test(name);

/** The digits of a typed or stored number: '+44 7700 900123' → '447700900123'. */
export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/** '+447700900123' for any spelling of the number; '' for none. */
export function formatPhone(value: unknown): string {
  if (value === null || value === undefined) return '';
  const digits = phoneDigits(String(value));
  return digits ? `+${digits}` : '';
}
