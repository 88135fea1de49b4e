import type { HistoryStore } from '../collection/history-store.ts';
import type { Answer } from '../http/answer.ts';
import type { HttpRequest } from '../http/exchange.ts';
import { API_HEADERS } from '../http/headers.ts';
import { REQUEST_COST } from '../http/limits.ts';
import { problemResponse } from '../http/problem.ts';
import { type FunctionRoute, feedPathOf } from '../http/routes.ts';
import { createCollectionEndpoint } from './collection-endpoint.ts';
import { createFeedEndpoint, parseFeedParams } from './feed-endpoint.ts';
import type { FunctionData } from './function-data.ts';
import type { FunctionGate } from './function-gate.ts';
import { historiesOf } from './list-render.ts';
import type { ListValuer } from './list-work.ts';
import type { ListingPages } from './listing-pages.ts';
import type { BuildFiles } from './mcp/build-files.ts';
import type { createMcpEndpoint } from './mcp/mcp-endpoint.ts';
import { answerSearch } from './search-endpoints.ts';
import type { Searchers } from './searchers.ts';

/** Whether the MCP endpoint serves only this machine (mcp/mcp-endpoint.ts). */
export interface McpSettings {
  localOnly: boolean;
}

/**
 * What the function itself computes per request, behind its gate (rate limit and agent verification): the
 * search endpoints (`/api/cards` …, with the API's headers), the valuing of a list (`/api/collection`), the MCP endpoint (`/mcp`), the price feeds (`/feeds/…`) and the
 * search pages for people (`/search`, `/sealed?…`). Every other route is the request policy's (src/http/serve.ts).
 * @example const answer = createFunctionRoutes({ data, searchers, listingPages, gate, files, valuer, mcp, feedOrigin }); await answer(route, url, req)
 */
export function createFunctionRoutes({
  data,
  searchers,
  listingPages,
  gate,
  files,
  valuer,
  mcp,
  feedOrigin,
}: {
  /** The build's own files (the history store, the MCP tool list), through the runtime's data source. */
  data: FunctionData;
  searchers: Searchers;
  listingPages: ListingPages;
  gate: FunctionGate;
  files: BuildFiles;
  /** Where lists are valued (list-valuer.ts). */
  valuer: ListValuer;
  mcp: McpSettings;
  /** The origin the feeds' absolute URLs start with. */
  feedOrigin: () => string;
}) {
  const collection = createCollectionEndpoint({ gate, valuer, shell: listingPages.shell, asOfRange: () => searchers.collection });
  // The price feeds read the build's history store, on the first feed asked for.
  const histories = historiesOf(data);
  let store: HistoryStore | undefined;
  const feeds = createFeedEndpoint({ searchers, histories: () => store!, origin: feedOrigin });
  // The MCP code and its SDK are loaded on the first call to /mcp, off the path of the first search.
  let mcpEndpoint: ReturnType<typeof createMcpEndpoint> | undefined;
  return async (route: FunctionRoute, url: URL, req: HttpRequest): Promise<Answer> => {
    if (route.endpoint === 'mcp') {
      mcpEndpoint ??= import('./mcp/mcp-endpoint.ts').then(({ createMcpEndpoint }) => createMcpEndpoint({ data, searchers, gate, files, valuer, ...mcp }));
      return (await mcpEndpoint)(req);
    }
    const ifNoneMatch = req.header('if-none-match');
    // A page for people carries no API headers, not even on its 429.
    const shared = route.page ? {} : API_HEADERS;
    // A list is counted by its size once it is read (collection-endpoint.ts), not as one search up front.
    if (route.page === 'collection') return collection.page(url, req);
    if (route.endpoint === 'collection') {
      const answer = await collection.api(url, req);
      return { ...answer, headers: { ...shared, ...answer.headers } };
    }
    if (route.endpoint === 'feed') {
      const path = feedPathOf(url.pathname)!;
      const parsed = parseFeedParams(url.searchParams);
      if (!parsed.ok) return problemResponse(parsed.problem, shared);
      store ??= await histories();
      if (path.of === 'collection') {
        // A list's feed costs what the list costs, charged once it is read (collection-endpoint.ts).
        const valued = await collection.entries(url, req);
        if ('refused' in valued) return { ...valued.refused, headers: { ...shared, ...valued.refused.headers } };
        const answer = feeds.collection(path.format, parsed.params, valued.list, valued.entries, ifNoneMatch);
        return { ...answer, headers: { ...shared, 'Request-Cost': valued.headers['Request-Cost'], ...answer.headers } };
      }
      const decision = await gate(req, REQUEST_COST.feed);
      if (!decision.go) return problemResponse(decision.problem, { ...shared, ...decision.headers });
      const answer = feeds.catalogue(path, url.searchParams, ifNoneMatch);
      // A feed is for shared caches to keep (answer.ts FEED_CACHE_CONTROL): it carries no client's RateLimit headers; a problem does.
      return { ...answer, headers: { ...shared, ...(answer.status >= 400 ? decision.headers : {}), ...answer.headers } };
    }
    const decision = await gate(req, REQUEST_COST.search);
    if (!decision.go) return problemResponse(decision.problem, { ...shared, ...decision.headers });
    const answer = route.page
      ? await listingPages.answer(route.page, url.searchParams, ifNoneMatch)
      : answerSearch(searchers, route.endpoint, url.searchParams, ifNoneMatch);
    return { ...answer, headers: { ...shared, ...decision.headers, ...answer.headers } };
  };
}
