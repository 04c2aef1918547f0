import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The server as production runs it: JavaScript from scripts/build-server.mjs, started with plain `node`. */
export interface CompiledServer {
  /** Holds main.js, cluster.js and cli/*.js. */
  dir: string;
  /** Removes a private build (never SERVER_DIST). */
  dispose(): void;
}

/**
 * SERVER_DIST when set (npm test builds apps/server/dist once for every test), otherwise a private build of the
 * sources as they are now, in apps/server/.build-* (two levels below the repository, as the build must sit), so
 * parallel runs never rebuild a folder another run is using.
 */
export async function compiledServer(): Promise<CompiledServer> {
  if (process.env.SERVER_DIST) return { dir: path.resolve(process.env.SERVER_DIST), dispose() {} };
  const dir = mkdtempSync(path.join(repoRoot, 'apps/server/.build-'));
  await runNode([path.join(repoRoot, 'scripts/build-server.mjs'), dir]);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
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
