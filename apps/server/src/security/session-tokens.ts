/** The tokens of a session as the auth service issues them and the session plugin sets them as cookies. */
export interface IssuedTokens {
  /** The session the tokens belong to: it stays the same through refreshes (the XSRF token is derived from it). */
  sessionId: string;
  access: string;
  refresh: string;
  accessMaxAge: number;
  refreshMaxAge: number;
}
