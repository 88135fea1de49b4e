/**
 * Prints the nginx configuration of a build: nginx serves every prebuilt file
 * with the function's headers and proxies the rest to the function (see
 * src/deploy/nginx.ts and docs/deploy.md).
 *
 * Usage:  npm run --silent deploy:nginx -- --root DIR --function URL --listen HOST:PORT [--full] [--manifest FILE]
 *         --root      the build's client directory (dist/client); the manifest is read from DIR/../server/manifest.json
 *         --function  where the function listens, e.g. http://127.0.0.1:4321
 *         --listen    nginx's listen address, e.g. 127.0.0.1:8080 or 80
 *         --full      a whole nginx.conf for `nginx -p PREFIX -c FILE` (foreground; pid, logs and temp files under PREFIX),
 *                     else an http-level snippet (maps, upstream, server) to include in an existing nginx
 *         e.g. npm run --silent deploy:nginx -- --root dist/client --function http://127.0.0.1:4321 --listen 8080 --full > nginx.conf
 * Exit:   0 printed, 1 the manifest is unreadable or the build cannot be expressed, 2 usage
 */
import { dirname, join, resolve } from 'node:path';
import { nginxConf, nginxSite } from '../src/deploy/nginx.ts';
import { MANIFEST_FILE } from '../src/http/file-manifest.ts';
import { deployCli, readBuildManifest } from './lib/deploy-cli.ts';

const USAGE = 'usage: npm run --silent deploy:nginx -- --root DIR --function URL --listen HOST:PORT [--full] [--manifest FILE]';

const { values: args, exit } = deployCli(
  'deploy:nginx',
  USAGE,
  {
    root: { type: 'string' },
    function: { type: 'string' },
    listen: { type: 'string' },
    full: { type: 'boolean' },
    manifest: { type: 'string' },
  },
  ['root', 'function', 'listen'],
);
if (!/^(?:[\w.-]+:|\[[0-9a-f:]+\]:)?\d{1,5}$/i.test(args.listen)) exit(2, `--listen must be PORT or HOST:PORT; got "${args.listen}"\n${USAGE}`);

const root = resolve(args.root);
const manifestFile = resolve(args.manifest ?? join(dirname(root), 'server', MANIFEST_FILE));
const manifest = readBuildManifest(dirname(root), exit, manifestFile);
try {
  const options = { manifest, root, functionUrl: args.function, listen: args.listen };
  process.stdout.write(args.full ? nginxConf(options) : nginxSite(options));
} catch (error) {
  exit(1, (error as Error).message);
}
