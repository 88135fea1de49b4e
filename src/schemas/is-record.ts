/** A JSON object (not null, not an array): what a reader of unvalidated JSON checks before it reads a member. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
