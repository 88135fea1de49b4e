import { resolve } from 'node:path';

/**
 * Where editors' content lives. CONTENT_DIR points a build at another tree (the
 * test fixtures); the default is the bundled catalogue in content/.
 */
export const CONTENT_DIR = resolve(process.env.CONTENT_DIR ?? 'content');
