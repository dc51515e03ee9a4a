// The client tests' AG Grid measures (tests/helpers/ag-stack-jsdom.ts) answer what jsdom itself answers: this
// fails when a jsdom upgrade changes its answer (the helper would then warn and measure the slow way).
import { describe, expect, it } from 'vitest';
import * as shim from '../helpers/ag-stack-jsdom';

const real = shim.jsdomAgStack;

function nested(depth: number): HTMLElement {
  let el: HTMLElement = document.body;
  for (let i = 0; i < depth; i++) el = el.appendChild(document.createElement(i % 2 ? 'div' : 'section'));
  el.className = 'ag-body-viewport';
  return el;
}

describe("AG Grid's measures in jsdom", () => {
  it("answer jsdom's own answer for an element without a box style of its own", () => {
    const el = nested(12);
    el.parentElement!.style.width = '640px';
    expect(real._getElementSize(el)).toEqual(shim.NO_LAYOUT);
    expect(shim._getElementSize(el)).toEqual(real._getElementSize(el));
    expect(shim._getInnerWidth(el)).toEqual(real._getInnerWidth(el));
    expect(shim._getAbsoluteHeight(el)).toEqual(real._getAbsoluteHeight(el));
  });

  it('ask jsdom for an element with a box style of its own', () => {
    const el = nested(3);
    el.style.height = '38px';
    el.style.paddingTop = '4px';
    expect(shim._getElementSize(el)).toEqual(real._getElementSize(el));
    expect(shim._getElementSize(el)).toMatchObject({ height: 38, paddingTop: 4 });
  });
});
