/**
 * V8 flags the server runs with. Its live heap is small (indexes, manifest),
 * but under load V8 lets the young generation and the old space grow far past
 * it. Capping them keeps the resident set within its target at the same
 * throughput (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=128'];
