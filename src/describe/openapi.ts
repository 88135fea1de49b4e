import { API_VERSION } from './api-version.ts';
import { HEADERS } from './openapi/headers.ts';
import { PARAMETERS } from './openapi/parameters.ts';
import { pathsOf, TAGS } from './openapi/paths.ts';
import { RESPONSES } from './openapi/responses.ts';
import { schemasToComponents } from './openapi/schema-components.ts';

/**
 * `/openapi.json`, generated from the JSON Schemas in schemas/api/ (the same
 * files the tests validate real responses against), so the published contract
 * and the checked one are the same text. The parts live in src/describe/openapi/:
 * reusable headers, parameters and responses, the kinds of path, the path table.
 */
export { componentName } from './openapi/schema-components.ts';

const DESCRIPTION = `Read-only values of Pokémon cards and sealed products in US dollars, and answers about how card values work.

Every card, sealed product, set and article has a detail page in three representations, chosen by the Accept header
(so has /sets, the list of sets):
HTML, Markdown (with \`x-markdown-tokens\`) and JSON; the Markdown is also a file at the page's path plus \`.md\`.
JSON and Markdown carry strong ETags and answer If-None-Match with 304. Errors are RFC 9457 problem details.

The API is open: no credentials. What the function answers (searches, filtered knowledge, negotiated detail pages)
is rate limited per client, announced by the RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers-11).
Agents that sign their requests with Web Bot Auth (the optional Signature, Signature-Input and Signature-Agent headers,
RFC 9421) and are on the server's allowlist are not counted. Prebuilt files are never limited.`;

/**
 * @example openApiOf({ 'problem.json': problemSchema, … }, ['booster-box', 'etb']).paths['/cards/{slug}'].get.operationId // "getCardPage"
 */
export function openApiOf(schemas: Record<string, unknown>, kinds: string[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pokémon card and sealed product values',
      version: API_VERSION,
      description: DESCRIPTION,
      // No address to publish: the project has no public home, and each deployment has its own operator.
      contact: { name: 'card-values maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the document describes whichever host serves it.
    servers: [{ url: '/', description: 'The host that serves this document' }],
    security: [],
    tags: TAGS,
    paths: pathsOf(kinds),
    components: { schemas: schemasToComponents(schemas), parameters: PARAMETERS, headers: HEADERS, responses: RESPONSES },
  };
}
