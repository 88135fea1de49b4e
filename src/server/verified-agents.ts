/**
 * The verified-agent allowlist of the running server: read once at start-up
 * from `VERIFIED_AGENTS` (a path, relative to the working directory like the
 * other path settings) or else from the file kept in git,
 * config/verified-agents.json (the built function reads the copy the build puts
 * beside it in dist/server: see function-paths.ts). A missing or malformed file stops the start
 * with the file and field named: a server quietly verifying no one would look
 * healthy while rate-limiting every agent it was meant to exempt.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AgentDirectory, agentDirectoryOf } from '../web-bot-auth/agent-directory.ts';
import { DEFAULT_VERIFIED_AGENTS } from './function-paths.ts';

export { DEFAULT_VERIFIED_AGENTS };

/**
 * The allowlist file the environment selects.
 *
 * @example
 * verifiedAgentsPath({ VERIFIED_AGENTS: 'agents.json' }); // '<cwd>/agents.json'
 */
export function verifiedAgentsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.VERIFIED_AGENTS ? resolve(env.VERIFIED_AGENTS) : DEFAULT_VERIFIED_AGENTS;
}

/**
 * Reads and parses the allowlist; throws an Error naming the file (and the
 * field, when the JSON is readable but wrong).
 *
 * @example
 * const directory = loadVerifiedAgents();
 * console.log(`${directory.agents.length} verified agents`);
 */
export function loadVerifiedAgents(env: NodeJS.ProcessEnv = process.env): AgentDirectory {
  const path = verifiedAgentsPath(env);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`verified agents: cannot read ${path} (VERIFIED_AGENTS): ${(error as Error).message}`);
  }
  return agentDirectoryOf(json, `verified agents ${path}`);
}
