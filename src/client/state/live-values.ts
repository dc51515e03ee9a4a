/**
 * Values a realtime stream keeps per row key (a resource's `live.values`: `global.tickers` gives each
 * market's last price and 24 h change), for the list columns that show them. When the last watcher of a
 * stream leaves, its values are dropped, so a list shown again never starts from stale prices.
 */
import { proxy } from 'valtio';
import { subscribe } from '../api/realtime';

type Values = Record<string, unknown>;

/** stream → row key → value name → value. */
export const liveValues = proxy<Record<string, Record<string, Values>>>({});

/** Watchers per stream: the values are dropped when the last one leaves. */
const watching = new Map<string, number>();

function take(stream: string, payload: unknown): void {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return;
  // Read back after each assignment: valtio stores a proxy of the object given, not the object itself.
  if (!liveValues[stream]) liveValues[stream] = {};
  const rows = liveValues[stream];
  for (const [key, values] of Object.entries(payload as Record<string, unknown>)) {
    if (!values || typeof values !== 'object') continue;
    if (!rows[key]) rows[key] = {};
    const row = rows[key];
    // Value by value, so a cell re-renders only when its own value changed (tickers repeat every 5 s).
    for (const [name, v] of Object.entries(values as Values)) if (row[name] !== v) row[name] = v;
  }
}

/** Follows a stream's per-key values; returns the stop. */
export function watchValues(stream: string): () => void {
  watching.set(stream, (watching.get(stream) ?? 0) + 1);
  // A handler of its own per watcher: the connection counts them, so one leaving never silences another.
  const off = subscribe(stream, (payload) => take(stream, payload));
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    off();
    const left = (watching.get(stream) ?? 1) - 1;
    if (left > 0) { watching.set(stream, left); return; }
    watching.delete(stream);
    delete liveValues[stream];
  };
}
