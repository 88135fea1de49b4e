/**
 * For measuring what each cache saves (scripts/bench-caches.ts): BUILD_CACHES_OFF names the caches a build does
 * not read (comma-separated). Temporary: it goes once the caches are measured. Read by index, so that the code
 * version (src/pipeline/code-version.ts, which hashes the settings the code reads) is the same with and without.
 */
export const cacheOff = (name: string): boolean => (process.env['BUILD_CACHES_OFF'] ?? '').split(',').includes(name);
