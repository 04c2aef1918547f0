/**
 * Compiles the server (and the workspace packages it imports) into plain JavaScript with esbuild, so production
 * runs `node` without a TypeScript loader: `node scripts/build-server.mjs [outdir]` (default apps/server/dist).
 * `--seed` compiles the seed command instead (`node scripts/build-server.mjs --seed [outdir]`, default
 * packages/seed/dist): one file, seed.js, with the demo catalogue and the picture generator, which the server's
 * build must never contain (checked after every server build).
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
const seedPackage = path.join(repoRoot, 'packages/seed');

/** Bare imports other than our own workspace packages are resolved by Node at runtime. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bazaar/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
};

export async function buildServer(outdir = path.join(repoRoot, 'apps/server/dist')) {
  const commands = readdirSync(path.join(serverSource, 'cli'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(serverSource, 'cli', file));
  const { metafile } = await build({
    ...common,
    entryPoints: [path.join(serverSource, 'main.ts'), path.join(serverSource, 'cluster.ts'), ...commands],
    outbase: serverSource,
    outdir,
    // Shared chunks keep main.ts one module whether it runs alone or in a cluster worker.
    splitting: true,
    metafile: true,
  });
  // The server stores and serves pictures; it never makes them, nor carries the demo catalogue.
  const seedSources = Object.keys(metafile.inputs).filter((input) =>
    path.resolve(repoRoot, input).startsWith(seedPackage + path.sep),
  );
  if (seedSources.length) {
    throw new Error(
      `the server build must not contain the seed package, but it has ${seedSources.join(', ')}`,
    );
  }
  return outdir;
}

/** The seed command alone, as `outdir/seed.js` (two levels below the repository, like the server's build). */
export async function buildSeed(outdir = path.join(seedPackage, 'dist')) {
  await build({
    ...common,
    entryPoints: { seed: path.join(seedPackage, 'src/cli.ts') },
    outdir,
  });
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seed = process.argv[2] === '--seed';
  const outArgument = process.argv[seed ? 3 : 2];
  const outdir = await (seed ? buildSeed : buildServer)(outArgument && path.resolve(outArgument)).catch(
    (error) => {
      // esbuild has already printed what failed to compile; its stack trace would only bury that.
      if (!error.errors?.length) console.error(error.message);
      process.exit(1);
    },
  );
  console.log(`${seed ? 'seed' : 'server'} built into ${path.relative(process.cwd(), outdir) || '.'}`);
}
