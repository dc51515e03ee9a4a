/**
 * What a failed call says to staff: the server's codes in words (issue 29 item 10: screens printed the codes
 * as they came). A module of its own, so the translation table does not pull the transport into every
 * chunk that translates (the sign-in page's).
 */
import { normaliseError } from '../api/http';
import { t } from './index';

export function errorText(err: unknown): string {
  return normaliseError(err).messages.map(t).join(' ');
}
