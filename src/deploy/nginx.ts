/**
 * The nginx configuration of a build: nginx serves every prebuilt file itself,
 * with the headers the function would send, and hands the function only what
 * needs it (searches, Accept headers a regex cannot decide, methods other than
 * GET, HEAD and OPTIONS, paths a URL parser would read differently).
 *
 * How a request flows (all decided by `map`s, which nginx evaluates lazily):
 *   raw path ($request_uri, never nginx's decoded $uri) → route (page, file,
 *   function, knowledge) → with method, query and Accept class → dispatch →
 *   the build file to serve, via one server-level rewrite. The only location
 *   that serves files checks the file is in the manifest (else a 404 problem),
 *   answers preflights and If-None-Match, and lets nginx send the bytes.
 * Every header comes from one list of `add_header`s at server level whose
 * values are maps over the status, the dispatch and the file, generated from
 * the same functions the function uses (src/http/headers.ts), so a header
 * that does not apply is empty and nginx leaves it out.
 */

import { acceptClasses } from '../http/accept-classes.ts';
import type { FileManifest } from '../http/file-manifest.ts';
import {
  API_HEADERS,
  CACHE_CONTROL,
  CORS_HEADERS,
  changesMarkdownLinks,
  contentTypeOf,
  detailLinks,
  HTML_SECURITY_HEADERS,
  markdownFileLinks,
  PREFLIGHT_HEADERS,
  representationFile,
  SECURITY_HEADERS,
  twinMarkdownLinks,
} from '../http/headers.ts';
import { FUNCTION_FOLDERS } from '../http/host-rules.ts';
import { MAX_HEADER_BYTES, POST_BODY_MAX_BYTES } from '../http/limits.ts';
import { COLLECTIONS, MARKDOWN_TWINS, markdownUrl } from '../http/links.ts';
import { badRequest, functionUnavailable, notFound, type Problem, postBodyTooLarge, requestHeadersTooLarge } from '../http/problem.ts';
import { EXTENSIONLESS_API_FILES, INDEX_PAGES } from '../http/routes.ts';
import { DATE_PATTERN as CHANGE_DATE_PATTERN, SLUG_PATTERN as SLUG } from '../schemas/patterns.ts';

export interface NginxOptions {
  manifest: FileManifest;
  /** Absolute path of the build's client directory (dist/client). */
  root: string;
  /** The function's address, e.g. http://127.0.0.1:4321. */
  functionUrl: string;
  /** `listen` address, e.g. 127.0.0.1:8080 or 80. */
  listen: string;
  /** A whole nginx.conf to run as `nginx -p PREFIX -c FILE` (else an http-level snippet to include). */
  full?: boolean;
}

/** The negotiated index pages (`/sets`), as [path, collection]. */
const INDEXES = Object.entries(INDEX_PAGES);
/** A regular expression's text for a literal path. */
const literal = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The paths the function reads exactly as nginx does: no escapes, dot segments, empty segments or characters a URL parser rewrites.
const PLAIN_PATH = '(?:/[A-Za-z0-9_][A-Za-z0-9._-]*)+';
/** Which seconds a client should wait when the function is down (the static 503). */
const RETRY_AFTER_SECONDS = 5;

/** A string as an nginx config token: single-quoted, with `\` and `'` escaped. */
const q = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** A problem body as nginx `return` text; `$name` placeholders in it stay nginx variables. */
const problemText = (problem: Problem) => q(JSON.stringify(problem));

/**
 * The manifest's files as nginx sees them: ETags and token counts by path, the
 * file extensions with their types, and the pages that have no extension.
 */
function fileTables(manifest: FileManifest) {
  const etags: [string, string][] = [];
  const tokens: [string, string][] = [];
  const types = new Map<string, string>();
  let longest = 0;
  for (const [path, info] of Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!new RegExp(`^${PLAIN_PATH}$`).test(path)) throw new Error(`nginx: the build file ${path} has a path nginx would not serve as written`);
    etags.push([path, q(`${path} ${info.etag}`)]);
    if (info.tokens !== undefined) tokens.push([path, String(info.tokens)]);
    const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1];
    if (!extension) throw new Error(`nginx: the build file ${path} has no extension, so nginx cannot type it`);
    types.set(extension, contentTypeOf(path));
    longest = Math.max(longest, path.length);
  }
  return { etags, tokens, types, longest };
}

/** nginx's `types` and the types it should append `; charset=utf-8` to. */
function typesBlock(types: Map<string, string>): string {
  const lines: string[] = [];
  const charsetTypes = new Set<string>();
  for (const [extension, contentType] of [...types].sort()) {
    const [type, parameter] = contentType.split(/;\s*/);
    if (parameter && parameter.toLowerCase() !== 'charset=utf-8') throw new Error(`nginx: cannot express the content type ${contentType}`);
    // nginx always applies charset to text/html, and warns when it is listed.
    if (parameter && type !== 'text/html') charsetTypes.add(type);
    lines.push(`        ${type} ${extension};`);
  }
  return [
    `    types {\n${lines.join('\n')}\n    }`,
    '    default_type application/octet-stream;',
    '    charset utf-8;',
    `    charset_types ${[...charsetTypes].sort().join(' ') || 'text/html'};`,
  ].join('\n');
}

/** A `map` block. Entries are [key, value] pairs already quoted as nginx tokens. */
function map(source: string, variable: string, entries: [string, string][], comment?: string): string {
  const head = comment ? `# ${comment}\n` : '';
  return `${head}map ${source} ${variable} {\n${entries.map(([key, value]) => `    ${key} ${value};`).join('\n')}\n}`;
}

/** The maps that route a request: everything here reads the raw request, never a rewritten URI. */
function routingMaps(): string {
  const pages = `/(?:${COLLECTIONS.join('|')})/${SLUG}`;
  const accept = acceptClasses('pcre');
  return [
    map(
      '$request_uri',
      '$cv_path',
      [[q('~^(?<cv_raw>[^?]*)'), '$cv_raw']],
      'The path exactly as the client wrote it ($uri is decoded and normalised; the function reads neither way).',
    ),
    map(
      '$cv_path',
      '$cv_route',
      [
        ['default', 'function'],
        // Autocomplete before the card files' /api/cards/{slug}, which it looks like.
        [q('~^/api/(?:cards|cards/autocomplete|sealed|collection)$'), 'function'],
        [q('~^/api/knowledge$'), 'knowledge'],
        [q('~^/(?:search|collection|mcp)$'), 'function'],
        // The price feeds are no files: the function answers the whole folder (host-rules.ts FUNCTION_FOLDERS).
        ...FUNCTION_FOLDERS.map((folder): [string, string] => [q(`~^${literal(folder)}(?:/|$)`), 'function']),
        [q('~^/sealed$'), 'listing'],
        [q('~^/$'), 'file'],
        [q(`~^${pages}$`), 'page'],
        ...INDEXES.map(([path]): [string, string] => [q(`~^${literal(path)}$`), 'page']),
        [q(`~^${PLAIN_PATH}$`), 'file'],
      ],
      "What a path is. Anything but a plain path goes to the function, which reads it as a URL parser does.\n# (Only regular expressions here and below: nginx matches a map's plain strings ignoring case.)",
    ),
    map('$request_method', '$cv_method', [
      ['default', 'function'],
      [q('~^(?:GET|HEAD)$'), 'read'],
      [q('~^OPTIONS$'), 'preflight'],
    ]),
    map('$args', '$cv_query', [
      ['default', '1'],
      [q(''), '0'],
    ]),
    map(
      '$http_accept',
      '$cv_accept',
      // nginx tries no regular expression on an empty value: an absent header needs its own entry.
      [['default', q('')], [q(''), 'html'], ...accept.map((c): [string, string] => [q(`~*${c.pattern}`), c.representation])],
      'The Accept headers decided without weighing q-values (src/http/accept-classes.ts); the rest is the function’s.',
    ),
    map(
      '"$cv_method $cv_route $cv_query $cv_accept"',
      '$cv_dispatch',
      [
        ['default', 'function'],
        [q('~^read page \\d (?<cv_rep>html|markdown|json)$'), 'page-$cv_rep'],
        [q('~^preflight page '), 'page-html'],
        [q('~^(?:read|preflight) knowledge 0 '), 'knowledge'],
        [q('~^(?:read|preflight) listing 0 '), 'file'],
        [q('~^(?:read|preflight) file '), 'file'],
      ],
      'Who answers: a build file, or the function (searches, knowledge queries, /sealed with a query, other methods, undecided Accept headers).',
    ),
    map(
      '"$cv_dispatch $cv_path"',
      '$cv_target',
      [
        ['default', q('')],
        [q('~^page-html (?<cv_p>.+)$'), '$cv_p.html'],
        [q('~^page-markdown (?<cv_p>.+)$'), '$cv_p.md'],
        [q('~^page-json /(?<cv_c>[a-z]+)/(?<cv_s>.+)$'), '/api/$cv_c/$cv_s.json'],
        ...INDEXES.map(([path, collection]): [string, string] => [q(`~^page-json ${literal(path)}$`), representationFile(collection, undefined, 'json')]),
        [q('~^knowledge '), '/api/knowledge.json'],
        [q('~^file /$'), '/index.html'],
        ...Object.entries(EXTENSIONLESS_API_FILES).map(([path, file]): [string, string] => [q(`~^file ${path}$`), file]),
        [q(`~^file (?<cv_f>/api/(?:${COLLECTIONS.join('|')})/${SLUG})$`), '$cv_f.json'],
        [q(`~^file (?<cv_f>/api/changes/${CHANGE_DATE_PATTERN})$`), '$cv_f.json'],
        [q('~^file (?<cv_f>(?!/api/)(?:/[^/]+)*/[^/.]+)$'), '$cv_f.html'],
        [q('~^file (?<cv_f>.+)$'), '$cv_f'],
      ],
      'The build file that answers (the function’s routeOf and fileOf, src/http/routes.ts and node-http-server.ts).',
    ),
  ].join('\n\n');
}

/** The maps that give each response header its value; empty means nginx leaves the header out. */
function headerMaps(): string {
  const pageLinks = COLLECTIONS.map((c): [string, string] => [q(`~^file page-\\w+ /${c}/(?<cv_ls>${SLUG})$`), q(detailLinks(c, '$cv_ls'))]);
  const markdownLinks = COLLECTIONS.map((c): [string, string] => [q(`~^file file /${c}/(?<cv_ms>${SLUG})\\.md$`), q(markdownFileLinks(c, '$cv_ms'))]);
  const indexLinks = INDEXES.flatMap(([path, collection]): [string, string][] => [
    [q(`~^file page-\\w+ ${literal(path)}$`), q(detailLinks(collection))],
    [q(`~^file file ${literal(markdownUrl(collection))}$`), q(markdownFileLinks(collection))],
  ]);
  const changesLinks: [string, string][] = [
    [q('~^file file /changes\\.md$'), q(changesMarkdownLinks())],
    [q(`~^file file /changes/(?<cv_cd>${CHANGE_DATE_PATTERN})\\.md$`), q(changesMarkdownLinks('$cv_cd'))],
    ...Object.entries(MARKDOWN_TWINS).map(([path, json]): [string, string] => [q(`~^file file ${literal(path)}$`), q(twinMarkdownLinks(json))]),
  ];
  return [
    map('$status', '$cv_answer', [
      ['default', 'problem'],
      ['200', 'file'],
      ['304', 'file'],
      ['204', 'preflight'],
    ]),
    map('"$cv_answer $cv_etag"', '$cv_etag_sent', [
      ['default', q('')],
      [q('~^file (?<cv_e>.+)$'), '$cv_e'],
    ]),
    map('"$cv_answer $cv_tokens"', '$cv_tokens_sent', [
      ['default', q('')],
      [q('~^file (?<cv_t>.+)$'), '$cv_t'],
    ]),
    map('"$cv_answer $uri"', '$cv_cache_control', [
      ['default', q('')],
      [q(`~^file ${CACHE_CONTROL.immutablePrefix}`), q(CACHE_CONTROL.immutable)],
      [q('~^file '), q(CACHE_CONTROL.other)],
      [q('~^problem '), 'no-store'],
    ]),
    map('"$cv_answer $uri"', '$cv_html_file', [
      ['default', '0'],
      [q('~^file .*\\.html$'), '1'],
    ]),
    map('$cv_html_file', '$cv_csp', [
      ['default', q('')],
      ['1', q(HTML_SECURITY_HEADERS['Content-Security-Policy'])],
    ]),
    map('$cv_html_file', '$cv_referrer_policy', [
      ['default', q('')],
      ['1', q(HTML_SECURITY_HEADERS['Referrer-Policy'])],
    ]),
    map('"$cv_answer $cv_method $cv_dispatch"', '$cv_vary', [
      ['default', q('')],
      [q('~^(?:file|problem) read page-'), 'Accept'],
    ]),
    map(
      '"$cv_answer $cv_dispatch $cv_path"',
      '$cv_link',
      [['default', q('')], ...pageLinks, ...markdownLinks, ...indexLinks, ...changesLinks, [q('~^(?:file|problem) \\S+ /api/'), q(API_HEADERS.Link)]],
      'Links of a negotiated page, of a Markdown file (a detail’s or the change feed’s), and the service description on the API.',
    ),
    map('"$cv_answer $cv_dispatch $cv_path"', '$cv_cors', [
      ['default', '0'],
      [q('~^file page-(?:markdown|json) '), '1'],
      [q(`~^file file /(?:${COLLECTIONS.join('|')})/${SLUG}\\.md$`), '1'],
      [q(`~^file file /changes(?:/${CHANGE_DATE_PATTERN})?\\.md$`), '1'],
      ...Object.keys(MARKDOWN_TWINS).map((path): [string, string] => [q(`~^file file ${literal(path)}$`), '1']),
      ...INDEXES.map(([, collection]): [string, string] => [q(`~^file file ${literal(markdownUrl(collection))}$`), '1']),
      [q('~^(?:file|problem) \\S+ /api/'), '1'],
      [q('~^preflight '), 'preflight'],
    ]),
    map('$cv_cors', '$cv_allow_origin', [
      ['default', q('')],
      ['1', q(CORS_HEADERS['Access-Control-Allow-Origin'])],
      ['preflight', q(PREFLIGHT_HEADERS['Access-Control-Allow-Origin'])],
    ]),
    map('$cv_cors', '$cv_expose_headers', [
      ['default', q('')],
      ['1', q(CORS_HEADERS['Access-Control-Expose-Headers'])],
    ]),
    ...(['Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', 'Access-Control-Max-Age'] as const).map((name) =>
      map('$cv_answer', `$cv_${name.toLowerCase().replaceAll('-', '_')}`, [
        ['default', q('')],
        ['preflight', q(PREFLIGHT_HEADERS[name])],
      ]),
    ),
    map('$status', '$cv_retry_after', [
      ['default', q('')],
      ['503', String(RETRY_AFTER_SECONDS)],
    ]),
  ].join('\n\n');
}

/** The `add_header` list: the one place nginx's own answers get headers (locations add none, so they inherit it). */
function addHeaders(): string {
  const headers: [string, string][] = [
    ...Object.entries(SECURITY_HEADERS).map(([name, value]): [string, string] => [name, q(value)]),
    ['Cache-Control', '$cv_cache_control'],
    ['ETag', '$cv_etag_sent'],
    ['x-markdown-tokens', '$cv_tokens_sent'],
    ['Content-Security-Policy', '$cv_csp'],
    ['Referrer-Policy', '$cv_referrer_policy'],
    ['Vary', '$cv_vary'],
    ['Link', '$cv_link'],
    ['Access-Control-Allow-Origin', '$cv_allow_origin'],
    ['Access-Control-Expose-Headers', '$cv_expose_headers'],
    ['Access-Control-Allow-Methods', '$cv_access_control_allow_methods'],
    ['Access-Control-Allow-Headers', '$cv_access_control_allow_headers'],
    ['Access-Control-Max-Age', '$cv_access_control_max_age'],
    ['Retry-After', '$cv_retry_after'],
    // An empty Last-Modified removes nginx's own: the ETag is the only validator, as from the function.
    ['Last-Modified', q('')],
  ];
  return headers.map(([name, value]) => `    add_header ${name} ${value} always;`).join('\n');
}

/**
 * A named location that answers one problem. `types {}` is empty so that the
 * body is typed by `default_type`, not by the extension of the path asked for.
 */
function problemLocation(name: string, problem: Problem): string {
  return `    location ${name} {
        types {}
        default_type application/problem+json;
        return ${problem.status} ${problemText(problem)};
    }`;
}

/**
 * HTTP/0.9 (a request line with no version: a line feed in the target ends it) has no status line or headers
 * to answer with, so nginx would send a bare body: a page, a file or a search. Node's parser refuses such a
 * request; nginx closes the connection without a byte (444) before any route runs. (A 0.9 request nginx
 * cannot parse, `GET /../x`, still gets the bare 400 problem body: in an error page nothing tells it apart
 * from the request lines nginx could not read at all, which must get the problem as HTTP/1.1.)
 */
const REFUSE_HTTP09 = `    if ($server_protocol !~ "^HTTP/[1-9]") {
        return 444;
    }`;

/** The http-level configuration: maps, the function upstream and the server. */
export function nginxSite(options: NginxOptions): string {
  const { manifest, root, functionUrl, listen } = options;
  const upstream = URL.parse(functionUrl);
  if (upstream?.protocol !== 'http:' || upstream.pathname !== '/' || upstream.search) {
    throw new Error(`nginx: --function must be an http:// origin such as http://127.0.0.1:4321; got "${functionUrl}"`);
  }
  const files = fileTables(manifest);
  // Large maps need hash room: one bucket must hold the longest key, and the table all of them.
  const bucket = 2 ** Math.ceil(Math.log2(files.longest + 64));
  const fileCount = Object.keys(manifest.files).length;
  return `# card-values: nginx in front of the function, generated from the build manifest (${fileCount} files).
# Regenerate with each build: ETags and token counts below are the build's.
map_hash_max_size ${Math.max(2048, 2 ** Math.ceil(Math.log2(fileCount * 2)))};
map_hash_bucket_size ${bucket};

upstream cv_function {
    server ${upstream.host};
    keepalive 16;
}

${routingMaps()}

${map('$uri', '$cv_file', [['default', q('')], ...files.etags], 'Every build file and its strong ETag (the manifest): a path not listed here is a 404.')}

${map(
  '"$cv_file $uri"',
  '$cv_etag',
  [
    ['default', q('')],
    [q('~^(\\S+) (?<cv_e>"[^"]+") \\1$'), '$cv_e'],
  ],
  'Plain map keys match ignoring case: the file counts only when its path is the one asked for, byte for byte.',
)}

${map('$uri', '$cv_tokens', [['default', q('')], ...files.tokens], 'Token counts of the Markdown files.')}

# If-None-Match against the file's ETag: weak comparison, a list, or * (src/http/answer.ts etagMatches).
map "$cv_etag $http_if_none_match" $cv_not_modified {
    default 0;
    ${q('~^("[^"]+") (?:.*,)?[ \\t\\xa0]*(?:W/)?\\1[ \\t\\xa0]*(?:,.*)?$')} 1;
    ${q('~^"[^"]+" [ \\t\\xa0]*\\*[ \\t\\xa0]*$')} 1;
}

${headerMaps()}

server {
    listen ${listen};
    root ${root};
    server_tokens off;
    etag off;
    if_modified_since off;
    max_ranges 0;
    large_client_header_buffers 4 ${MAX_HEADER_BYTES / 1024}k;
${typesBlock(files.types)}

${addHeaders()}

    # nginx's own errors become the function's problem bodies (named locations: no rewrite runs again on the way).
    # The function is reached through error_page too, so its 502 needs a second one.
    recursive_error_pages on;
    error_page 418 = @cv_function;
    error_page 405 = @cv_function;
    # A request nginx cannot parse has no URI to keep, so these two go to a URI, and routing leaves it alone.
    error_page 400 505 =400 /.cv/400;
    error_page 414 494 =431 /.cv/431;
    # A body past the function's own limit (a list to value, POST /api/collection) is refused here, as it would be there.
    client_max_body_size ${POST_BODY_MAX_BYTES};
    error_page 413 =413 /.cv/413;

    if ($uri ~ "^/\\.cv/") {
        break;
    }
${REFUSE_HTTP09}
    if ($cv_dispatch = function) {
        return 418;
    }
    rewrite ^ $cv_target last;

    location / {
        error_page 404 = @cv_404;
        if ($cv_etag = '') {
            return 404;
        }
        if ($request_method = OPTIONS) {
            return 204;
        }
        if ($cv_not_modified) {
            return 304;
        }
    }

${problemLocation('@cv_404', notFound('$cv_path'))}
${problemLocation('= /.cv/400', badRequest('The request is not valid HTTP/1.1 (malformed request line, header or framing).'))}
${problemLocation('= /.cv/431', requestHeadersTooLarge())}
${problemLocation('= /.cv/413', postBodyTooLarge())}
${problemLocation('@cv_503', functionUnavailable())}

    location @cv_function {
        proxy_pass http://cv_function$request_uri;
        proxy_http_version 1.1;
        proxy_set_header Connection '';
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_connect_timeout 2s;
        proxy_read_timeout 30s;
        # A client that half-closes after its request (as HTTP/1.1 allows) still gets the answer.
        proxy_ignore_client_abort on;
        error_page 502 504 =503 @cv_503;
        # The function sends its own headers: an add_header here (empty, so never sent) stops the server's list from applying.
        add_header X-Card-Values-Function '';
    }
}
`;
}

/** A whole nginx.conf around the site, for `nginx -p PREFIX -c FILE`: foreground, every path under the prefix. */
export function nginxConf(options: NginxOptions): string {
  const site = nginxSite(options)
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return `# card-values: a whole nginx configuration. Run: mkdir -p PREFIX/logs && nginx -p PREFIX -c FILE
daemon off;
worker_processes auto;
pid logs/nginx.pid;
error_log logs/error.log warn;

events {
    worker_connections 1024;
}

http {
    access_log logs/access.log;
    client_body_temp_path client_body_temp;
    proxy_temp_path proxy_temp;
    fastcgi_temp_path fastcgi_temp;
    uwsgi_temp_path uwsgi_temp;
    scgi_temp_path scgi_temp;
    sendfile on;
    keepalive_timeout 65;
    # Agents mirror thousands of files over one connection; nginx's default closes it after 1,000 requests.
    keepalive_requests 100000;

${site}}
`;
}
