import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The server as production runs it: JavaScript from scripts/build-server.mjs, started with plain `node`. */
export interface CompiledServer {
  /** Holds main.js, cluster.js and cli/*.js. */
  dir: string;
  /** The seed command (`npm run seed`), built apart from the server. */
  seed: string;
  /** Removes a private build (never SERVER_DIST). */
  dispose(): void;
}

/**
 * SERVER_DIST when set (npm test builds apps/server/dist, and the seed into packages/seed/dist, once for every
 * test), otherwise a private build of the sources as they are now, in apps/server/.build-* and
 * packages/seed/.build-* (two levels below the repository, as the builds must sit), so parallel runs never
 * rebuild a folder another run is using.
 */
export async function compiledServer(): Promise<CompiledServer> {
  if (process.env.SERVER_DIST) {
    const seed = path.join(repoRoot, 'packages/seed/dist/seed.js');
    if (!existsSync(seed))
      throw new Error(`${seed} is missing: run \`npm run build\` (it builds the seed too)`);
    return { dir: path.resolve(process.env.SERVER_DIST), seed, dispose() {} };
  }
  const dir = mkdtempSync(path.join(repoRoot, 'apps/server/.build-'));
  const seedDir = mkdtempSync(path.join(repoRoot, 'packages/seed/.build-'));
  const dispose = () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(seedDir, { recursive: true, force: true });
  };
  try {
    await runNode([path.join(repoRoot, 'scripts/build-server.mjs'), dir]);
    await runNode([path.join(repoRoot, 'scripts/build-server.mjs'), '--seed', seedDir]);
  } catch (error) {
    dispose();
    throw error;
  }
  return { dir, seed: path.join(seedDir, 'seed.js'), dispose };
}

/** Runs `node …args` from the repository to completion; its output, or an error carrying it. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`node ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}
