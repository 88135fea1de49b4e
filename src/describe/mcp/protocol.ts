import { API_VERSION } from '../api-version.ts';

/**
 * What the MCP endpoint (`/mcp`) says of itself, shared by the function (src/server/mcp/), /openapi.json,
 * /llms.txt and the tests.
 */

/** The protocol versions `/mcp` speaks, newest first: Streamable HTTP, which began with 2025-03-26. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/**
 * What a request without `MCP-Protocol-Version` speaks, as the specification has a server assume: the one
 * version whose requests may be JSON-RPC batches (2025-06-18 removed them).
 */
export const MCP_BATCHING_VERSION = '2025-03-26';

export const MCP_SERVER_INFO = { name: 'card-values', title: 'Pokémon card and sealed product values (USD)', version: API_VERSION };

/** Sent with initialize: how to use the tools, in as few words as serve. */
export const MCP_INSTRUCTIONS =
  'Values of Pokémon cards and sealed products in US dollars, from TCGplayer market prices. ' +
  'search_cards or search_sealed first, then get_card, get_sealed_product or get_set for the full record; value_collection prices a whole list. ' +
  'Each result has structuredContent (the API JSON) and Markdown text with its o200k token count in _meta.';

/** The `_meta` key of a text content's token count: the name of the HTTP header that says the same of a Markdown answer. */
export const TOKENS_META = 'x-markdown-tokens';

/** Resource URIs: a site path under this scheme (`card-values:/cards/charizard-base1-4.md`), read with resources/read. */
export const RESOURCE_SCHEME = 'card-values:';
