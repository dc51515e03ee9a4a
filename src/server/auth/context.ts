/**
 * What the request pipeline knows about the caller. The session plugin fills `req.auth` for every
 * request that carries a valid session; the authz plugin reads it to evaluate permissions.
 */
export interface SessionUser {
  id: number;
  uid: string;
  email: string;
  username: string | null;
  role: string;
  level: number;
  state: string;
  otp: boolean;
}

export interface AuthContext {
  user: SessionUser;
  /** SHA-256 of the session id (the sessions table key). */
  sessionHash: string;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session plugin on a valid session; null on anonymous requests. */
    auth: AuthContext | null;
  }
}
