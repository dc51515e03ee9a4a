import { EN } from './en';

/** Text for a code or message; unknown input is returned unchanged (spec §9: English fallback). */
export function t(codeOrText: string): string {
  return EN[codeOrText] ?? codeOrText;
}
