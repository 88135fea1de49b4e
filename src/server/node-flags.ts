/**
 * V8 flags the server runs with. Its live heap is small (~45 MB: indexes,
 * manifest), but under load V8 lets the young generation and the old
 * space grow far past it (RSS 430 MB after a search benchmark). Capping them
 * keeps the resident set under 200 MB at the same throughput.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=128'];
