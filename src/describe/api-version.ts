/**
 * The interface's version: `/openapi.json`'s `info.version`, the bulk manifest's `interfaceVersion` and the MCP
 * server's version. Minor for additions and deprecations, major for removals (docs/api.md#versions).
 */
export const API_VERSION = '1.1.0';
