export { ApiError, request, requestList, normaliseError, setSignInRequiredHandler, dropPreloads } from './http';
export type { ListResult, Query, RequestOptions, Service, Method } from './http';
export { getCsrfToken, setCsrfToken, clearCsrfToken } from './csrf';
export { signIn, signOut, fetchCurrentUser, fetchAbilities, preloadSession, confirmEmail } from './auth';
export type { CurrentUser, SignInRequest, AbilitySet, UserProfile } from './auth';
