/**
 * Idle sign-out (spec §8, §9): after minutesUntilAutoLogout without mouse, click, scroll, key or load
 * activity the session ends; a warning shows minutesBeforeWarningMessage earlier. Plain timeouts, so
 * tests drive it with fake timers.
 */
import { proxy } from 'valtio';
import { getConfig } from '../config';
import { expireSession } from './session';

export const idle = proxy({ warning: false });

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'click', 'scroll', 'keydown', 'wheel', 'touchstart', 'load'] as const;
/** Other tabs of the console count as activity too, through this storage key. */
const SHARED_KEY = 'steward.lastActivity';
/** Mouse moves arrive dozens of times a second; re-arming the timers once a second is plenty. */
const THROTTLE_MS = 1000;

let warnTimer: ReturnType<typeof setTimeout> | undefined;
let logoutTimer: ReturnType<typeof setTimeout> | undefined;
let lastArm = 0;
let running = false;

function clearTimers(): void {
  clearTimeout(warnTimer);
  clearTimeout(logoutTimer);
}

function arm(): void {
  const { minutesUntilAutoLogout, minutesBeforeWarningMessage } = getConfig();
  const total = Math.max(1, minutesUntilAutoLogout) * 60_000;
  const warnAt = Math.max(0, total - Math.max(0, minutesBeforeWarningMessage) * 60_000);
  clearTimers();
  lastArm = Date.now();
  idle.warning = false;
  warnTimer = setTimeout(() => { idle.warning = true; }, warnAt);
  logoutTimer = setTimeout(() => {
    stopIdleWatch();
    void expireSession();
  }, total);
}

/** Any sign of life: hides the warning and restarts the countdown. */
export function markActivity(): void {
  if (!running) return;
  if (!idle.warning && Date.now() - lastArm < THROTTLE_MS) return;
  arm();
  try {
    localStorage.setItem(SHARED_KEY, String(Date.now()));
  } catch {
    // Without storage each tab keeps its own countdown.
  }
}

function onStorage(e: StorageEvent): void {
  if (e.key === SHARED_KEY && running) arm();
}

export function startIdleWatch(): void {
  if (running) return;
  running = true;
  for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, markActivity, { passive: true, capture: true });
  window.addEventListener('storage', onStorage);
  arm();
}

export function stopIdleWatch(): void {
  running = false;
  clearTimers();
  idle.warning = false;
  for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, markActivity, { capture: true });
  window.removeEventListener('storage', onStorage);
}
