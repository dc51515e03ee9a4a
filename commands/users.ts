/**
 * The users area's palette commands. "Open user by uid, e-mail or phone…" resolves an e-mail or phone
 * to the one matching user (the palette's own jump handles a pasted uid and the filtered directory).
 * On a user's page, that user's own commands, each offered only when the screen would allow it
 * (the same rules object disables the screen's controls). Risky changes (ban, role, funds) hand over
 * to the screen's dialog, which shows before → after and asks for the confirmation.
 */
import {
  KYC_SWITCHES, kycLabel, kycSwitchOn, LABEL_PALETTE_MESSAGES, LabelInput, REMARK_PALETTE_MESSAGES, StateChange, validateForm,
  type FormResult, type KycSwitch,
} from '../src/shared/users';
import type { UserDetail } from '../src/client/api/users';
import { session } from '../src/client/state/session';
import {
  createLabel, endAllSessions, lookupUser, removeLabel, requestIntent, setUserState, turnOffOtp, userDetail,
} from '../src/client/state/user-detail';
import { capitalise, ROLES } from '../src/client/screens/users/format';
import { userRules, type UserRules } from '../src/client/screens/users/rules';
import type { Command, CommandContext } from './types';

const pagePath = (uid: string) => `/user-directory/${encodeURIComponent(uid)}`;

/** The user whose page is on screen, with the rules for the signed-in viewer. */
function here(ctx: CommandContext): { user: UserDetail; rules: UserRules } | null {
  const user = userDetail.user;
  if (!user || ctx.location.split(/[?#]/)[0] !== pagePath(user.uid)) return null;
  const viewer = session.user ? { uid: session.user.uid, role: session.user.role } : null;
  return { user, rules: userRules(ctx.ability, viewer, user) };
}

/** Runs `fn` for the open user; a command is only offered there, this guards a stale palette. */
function withUser(ctx: CommandContext, fn: (h: { user: UserDetail; rules: UserRules }) => void): void {
  const h = here(ctx);
  if (h) fn(h);
}

/** What an input page shows for a failed check: the messages, which state the rule. */
const problems = (v: FormResult<unknown> | null): string[] => (v && !v.ok ? Object.values(v.messages) : []);

/** The remark typed for a state change, checked with the request's own struct. */
function remarkCheck(ctx: CommandContext, state: string, remark: string) {
  const h = here(ctx);
  return h && validateForm(StateChange, { uid: h.user.uid, state, remark }, { prefix: 'admin.user', messages: REMARK_PALETTE_MESSAGES });
}

/** `key=value`, optionally followed by the scope (`tier=gold private`); a missing part is left out for the struct to name. */
const LABEL_TEXT = /^([^=]*?)\s*(?:=\s*(.*?))?(?:\s+(private|public))?$/i;

function labelCheck(ctx: CommandContext, text: string) {
  const h = here(ctx);
  const m = LABEL_TEXT.exec(text.trim());
  if (!h || !m) return null;
  const input = { uid: h.user.uid, key: m[1], value: m[2], scope: (m[3] ?? 'public').toLowerCase() };
  return validateForm(LabelInput, input, { prefix: 'admin.label', messages: LABEL_PALETTE_MESSAGES });
}

/** The new role typed for the user on screen: one of the roles, and not the one they have. */
function roleProblems(ctx: CommandContext, text: string): string[] {
  const h = here(ctx);
  const role = text.trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) return [`Role must be one of: ${ROLES.join(', ')}`];
  return h && role === h.user.role ? ['The user already has this role: type another one'] : [];
}

function stateCommand(state: 'banned' | 'active' | 'inactive' | 'pending'): Command {
  const risky = state === 'banned';
  const title = risky ? 'Ban this user…' : `Set this user ${capitalise(state)}…`;
  return {
    id: risky ? 'users.ban' : `users.set-${state}`,
    title,
    group: 'User',
    keywords: ['state', 'status', state, ...(risky ? ['block', 'suspend'] : [])],
    page: {
      kind: 'input', placeholder: `Remark for the change to ${state} (required)…`, action: 'Use as remark',
      validate: (arg, ctx) => problems(remarkCheck(ctx, state, arg)),
    },
    can: (ctx) => { const h = here(ctx); return !!h && !h.rules.reasons.state && h.user.state !== state; },
    run: (ctx, arg = '') => withUser(ctx, ({ user }) => {
      const v = remarkCheck(ctx, state, arg);
      if (!v?.ok) return;
      // A ban shows active → banned in the screen's dialog and waits for Enter there.
      if (risky) { ctx.navigate(pagePath(user.uid)); requestIntent({ kind: 'state', state, remark: v.value.remark }); return; }
      void setUserState(state, v.value.remark);
    }),
  };
}

function kycCommand(sw: KycSwitch): Command {
  return {
    id: `users.kyc-${sw}`,
    title: `Toggle KYC: ${capitalise(sw)} verified`,
    group: 'User',
    keywords: ['kyc', 'label', 'verify', sw, KYC_SWITCHES[sw]],
    can: (ctx) => { const h = here(ctx); return !!h && h.rules.showKyc && !h.rules.reasons.kyc; },
    run: (ctx) => withUser(ctx, ({ user }) => {
      if (kycSwitchOn(sw, user.labels)) void removeLabel(KYC_SWITCHES[sw], 'private');
      else void createLabel(kycLabel(sw));
    }),
  };
}

function tabCommand(tab: 'activities' | 'otp-logs' | 'devices', title: string, need: [string, string]): Command {
  return {
    id: `users.tab-${tab}`,
    title,
    group: 'User',
    keywords: ['tab', 'log', tab.replace('-', ' ')],
    can: (ctx) => !!here(ctx) && ctx.ability.can(need[0], need[1]),
    run: (ctx) => withUser(ctx, ({ user }) => ctx.navigate(`${pagePath(user.uid)}?tab=${tab}`)),
  };
}

export const userCommands: Command[] = [
  {
    id: 'users.open',
    title: 'Open user by uid, e-mail or phone…',
    group: 'Find',
    keywords: ['user', 'customer', 'lookup', 'uid', 'email', 'phone'],
    page: { kind: 'input', placeholder: 'UID, e-mail or phone number of the user…', action: 'Open user' },
    can: (ctx) => ctx.ability.can('read', 'User') || ctx.ability.can('update', 'User'),
    run: (ctx, arg = '') => { void lookupUser(arg).then((uid) => { if (uid) ctx.navigate(pagePath(uid)); }); },
  },
  stateCommand('banned'), stateCommand('active'), stateCommand('inactive'), stateCommand('pending'),
  {
    id: 'users.change-role',
    title: 'Change role of this user…',
    group: 'User',
    keywords: ['role', 'permission', 'promote'],
    page: { kind: 'input', placeholder: `New role: ${ROLES.join(', ')}`, action: 'Set role', validate: (arg, ctx) => roleProblems(ctx, arg) },
    can: (ctx) => { const h = here(ctx); return !!h && !h.rules.reasons.role; },
    run: (ctx, arg = '') => withUser(ctx, ({ user }) => {
      if (roleProblems(ctx, arg).length > 0) return;
      ctx.navigate(pagePath(user.uid));
      requestIntent({ kind: 'role', role: arg.trim().toLowerCase() });
    }),
  },
  {
    id: 'users.lock-funds',
    title: 'Lock / unlock funds of this investor…',
    group: 'User',
    keywords: ['lock', 'unlock', 'freeze', 'funds', 'balance', 'investor'],
    can: (ctx) => { const h = here(ctx); return !!h && h.rules.showLock && !h.rules.reasons.lock; },
    run: (ctx) => withUser(ctx, ({ user }) => { ctx.navigate(pagePath(user.uid)); requestIntent({ kind: 'lock' }); }),
  },
  ...(Object.keys(KYC_SWITCHES) as KycSwitch[]).map(kycCommand),
  {
    id: 'users.disable-2fa',
    title: 'Disable 2FA of this user',
    group: 'User',
    keywords: ['otp', '2fa', 'two-factor', 'authenticator', 'reset'],
    page: { kind: 'confirm', question: 'Disable 2FA? The user signs in without a one-time code until they set it up again.', confirmLabel: 'Disable 2FA' },
    can: (ctx) => { const h = here(ctx); return !!h && !h.rules.reasons.otp; },
    run: (ctx) => withUser(ctx, () => { void turnOffOtp(); }),
  },
  {
    id: 'users.end-sessions',
    title: 'End all sessions of this user',
    group: 'User',
    keywords: ['sessions', 'sign out', 'log out', 'logout', 'kick', 'revoke', 'devices'],
    page: { kind: 'confirm', question: 'End all sessions? The user is signed out on every device at once.', confirmLabel: 'End all sessions' },
    can: (ctx) => { const h = here(ctx); return !!h && !h.rules.reasons.sessions; },
    run: (ctx) => withUser(ctx, () => { void endAllSessions(); }),
  },
  {
    id: 'users.add-label',
    title: 'Add a label to this user…',
    group: 'User',
    keywords: ['label', 'tag', 'kyc'],
    page: {
      kind: 'input', placeholder: 'key=value, add “private” for a private label (tier=gold private)', action: 'Add label',
      validate: (arg, ctx) => problems(labelCheck(ctx, arg)),
    },
    can: (ctx) => { const h = here(ctx); return !!h && !h.rules.reasons.labelAdd; },
    run: (ctx, arg = '') => {
      // Checked for the user on screen only (labelCheck is null elsewhere), like every command here.
      const v = labelCheck(ctx, arg);
      if (v?.ok) void createLabel({ key: v.value.key, value: v.value.value, scope: v.value.scope });
    },
  },
  tabCommand('activities', "Open this user's activities", ['read', 'Activity']),
  tabCommand('otp-logs', "Open this user's OTP logs", ['read', 'ServiceLog']),
  tabCommand('devices', "Open this user's devices", ['read', 'ServiceLog']),
];
