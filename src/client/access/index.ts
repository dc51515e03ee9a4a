export { useAbility, useCan, useCanAccessRoute, Can, useDisabledUnless, disabledWithReason, reasonFor } from './ability';
export type { DisabledWithReason } from './ability';
export { RouteGuard } from './RouteGuard';
