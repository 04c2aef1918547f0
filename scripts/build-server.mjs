/**
 * Compiles the server (and the workspace packages it imports) into plain JavaScript with esbuild, so production
 * runs `node` without a TypeScript loader: `node scripts/build-server.mjs [outdir]` (default apps/server/dist).
 *
 * Packages from node_modules stay external and are loaded at runtime as installed (pdfkit reads its font
 * metrics, better-sqlite3 its native addon, from their own folders). The output must sit two levels below the
 * repository, like apps/server/src, because config.ts finds the repository (data/, apps/web/dist) from its own
 * location.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = path.join(repoRoot, 'apps/server/src');

/** Bare imports other than our own workspace packages are resolved by Node at runtime. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bazaar/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outdir = path.join(repoRoot, 'apps/server/dist')) {
  const commands = readdirSync(path.join(serverSource, 'cli'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(serverSource, 'cli', file));
  await build({
    entryPoints: [path.join(serverSource, 'main.ts'), path.join(serverSource, 'cluster.ts'), ...commands],
    outbase: serverSource,
    outdir,
    bundle: true,
    // Shared chunks keep main.ts one module whether it runs alone or in a cluster worker.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // esbuild has already printed what failed; its stack trace would only bury that.
  const outdir = await buildServer(process.argv[2] && path.resolve(process.argv[2])).catch(() =>
    process.exit(1),
  );
  console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'}`);
}
