/**
 * AG Grid's measuring functions for the client tests: the client project resolves AG Grid's `ag-stack` here
 * (vite.config.ts, `agStackForJsdom`), and this file's own `ag-stack` to the package.
 *
 * jsdom does no layout: every element AG Grid measures answers NaN sizes and borders, 0 paddings and margins and
 * `content-box` (seen in 3,415 of 3,415 calls over four files, 2026-11-28). Getting there costs jsdom a full
 * cascade of every ancestor (it resolves `color` and each empty value up the tree, after every DOM change has
 * cleared its style cache): ~25 % of a client file's CPU. Here an element without a box property in its own
 * style gets that answer at once; the first calls of every file are checked against jsdom's own answer, and a
 * difference switches the file back to jsdom's way (with a warning), so a jsdom upgrade cannot change the grid's
 * inputs unnoticed.
 */
import * as real from 'ag-stack';

export * from 'ag-stack';
/** The package's own functions (the client project resolves `ag-stack` to this file everywhere else). */
export const jsdomAgStack = real;

type Size = ReturnType<typeof real._getElementSize>;
export const NO_LAYOUT: Size = {
  height: NaN, width: NaN, borderTopWidth: NaN, borderRightWidth: NaN, borderBottomWidth: NaN, borderLeftWidth: NaN,
  paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0, marginTop: 0, marginRight: 0, marginBottom: 0,
  marginLeft: 0, boxSizing: 'content-box',
};
const BOX = /^(height|width|border|padding|margin|box-sizing)/;
const CHECKED_CALLS = 20;
let checked = 0;
let trusted = true;

export function _getElementSize(el: HTMLElement): Size {
  const style = el.style;
  for (let i = 0; i < style.length; i++) if (BOX.test(style[i])) return real._getElementSize(el);
  if (!trusted) return real._getElementSize(el);
  if (checked < CHECKED_CALLS) {
    checked++;
    const answer = real._getElementSize(el);
    if (!Object.is(JSON.stringify(answer), JSON.stringify(NO_LAYOUT))) {
      trusted = false;
      console.warn(`ag-stack-jsdom: jsdom measured ${el.className} as ${JSON.stringify(answer)}; measuring the jsdom way from now on`);
      return answer;
    }
  }
  return { ...NO_LAYOUT };
}
export function _getInnerHeight(el: HTMLElement): number {
  const s = _getElementSize(el);
  return s.boxSizing === 'border-box' ? s.height - s.paddingTop - s.paddingBottom - s.borderTopWidth - s.borderBottomWidth : s.height;
}
export function _getInnerWidth(el: HTMLElement): number {
  const s = _getElementSize(el);
  return s.boxSizing === 'border-box' ? s.width - s.paddingLeft - s.paddingRight - s.borderLeftWidth - s.borderRightWidth : s.width;
}
export function _getAbsoluteHeight(el: HTMLElement): number {
  const { height, marginBottom, marginTop } = _getElementSize(el);
  return Math.floor(height + marginBottom + marginTop);
}
export function _getAbsoluteWidth(el: HTMLElement): number {
  const { width, marginLeft, marginRight } = _getElementSize(el);
  return Math.floor(width + marginLeft + marginRight);
}
