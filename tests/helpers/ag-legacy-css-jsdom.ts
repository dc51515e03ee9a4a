/**
 * A Vite plugin for the client tests: AG Grid's checks for the legacy theme's CSS answer "none" without asking
 * jsdom. Under the Theming API the grid looks for legacy CSS twice — a marker variable on its measurement
 * container, and fifteen legacy-only variables on its root, to warn that they are ignored — each through
 * getComputedStyle, which jsdom answers with a full cascade of every ancestor: 7–9 % of a grid file's CPU
 * (list-deep, exchange-forms; 2026-11-29). The client tests load no CSS (Vitest's default), so no rule can set
 * those variables; the console's own stylesheet is checked in a real browser by the journeys. The plugin fails
 * loudly if the grid's code no longer has the shape it rewrites (an AG Grid upgrade), rather than check nothing.
 */
import type { Plugin } from 'vite';

const GRID_MODULE = /[\\/]ag-grid-community[\\/]dist[\\/]package[\\/]main\.esm\.mjs$/;
const REWRITES: readonly [from: string, to: string][] = [
  ['getComputedStyle(this.getMeasurementContainer()).getPropertyValue("--ag-legacy-styles-loaded")', '""'],
  ['function _findLegacyOnlyVariables(eRootDiv) {', 'function _findLegacyOnlyVariables(eRootDiv) {\n  return [];'],
];

export function agLegacyCssForJsdom(): Plugin {
  return {
    name: 'ag-legacy-css-for-jsdom',
    enforce: 'pre',
    transform(code, id) {
      if (!GRID_MODULE.test(id)) return null;
      let out = code;
      for (const [from, to] of REWRITES) {
        if (!out.includes(from)) throw new Error(`ag-legacy-css-jsdom: AG Grid no longer contains ${from}; review this plugin`);
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}
