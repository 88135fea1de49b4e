/**
 * Requests that, between them, make the function load every part of its data: a search of each kind and each
 * order, a field filter, autocomplete, the knowledge search, a sealed kind, a TCGplayer look-up, a search page
 * (shell, trends), a price feed (history store), MCP's tool list (tool file, SDK), a short list valued, a
 * prebuilt file (manifest). Made afresh at each call (a request's body is read once). Shared by
 * npm run bench:function-heap (the heap on Node) and bench:worker (the same load in workerd).
 * @example for (const request of dataLoadingRequests('https://cards.example', 'charizard-base1-4')) await handler(request)
 */
export function dataLoadingRequests(origin: string, slug: string): Request[] {
  const mcp = (method: string) =>
    new Request(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
    });
  return [
    ...['cards', 'sealed'].flatMap((api) =>
      ['relevance', 'name', 'value-asc', 'value-desc'].map((sort) => new Request(`${origin}/api/${api}?q=a&sort=${sort}`)),
    ),
    new Request(`${origin}/api/cards?q=${encodeURIComponent('t:fire value>10')}`),
    new Request(`${origin}/api/sealed?q=${encodeURIComponent('booster value>10')}`),
    new Request(`${origin}/api/cards/autocomplete?q=char`),
    new Request(`${origin}/api/knowledge?q=value`),
    new Request(`${origin}/api/sealed?q=box&kind=booster-box`),
    new Request(`${origin}/api/cards?tcgplayer=42382`),
    new Request(`${origin}/search?q=charizard`),
    new Request(`${origin}/feeds/cards/${slug}.json`),
    mcp('tools/list'),
    new Request(`${origin}/api/collection`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: `2x ${slug}\npikachu\numbreon vmax` }),
    new Request(`${origin}/llms.txt`),
  ];
}
