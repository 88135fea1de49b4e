/**
 * Web Bot Auth: verify (and, for agents and tests, sign) requests carrying
 * `Signature`, `Signature-Input` and `Signature-Agent`. See verify.ts for the
 * profile and the outcomes, agent-directory.ts for the allowlist.
 */
export { type AgentDirectory, agentDirectoryOf } from './agent-directory.ts';
export { type Ed25519PublicJwk, generateAgentJwk, jwkThumbprint } from './jwk.ts';
export { type SignAgentRequestOptions, signAgentRequest } from './sign.ts';
export { type MessageParts, normalizeAuthority } from './signature-base.ts';
export { type AgentVerdict, type AgentVerifierOptions, createAgentVerifier, MAX_LABELS, WEB_BOT_AUTH_TAG } from './verify.ts';
