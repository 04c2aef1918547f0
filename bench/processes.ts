import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A free loopback port, found by letting the OS pick one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilReady(baseUrl: string, probePath: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(baseUrl + probePath);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl}${probePath} did not become ready within 60 s:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node …args` as a child process and waits until `probePath` answers 200: the server as production runs
 * it (its compiled main.js), or a TypeScript file through `--import tsx` (the ceiling). Plain `node` is the
 * process itself, so the stop signal reaches the process that serves.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  probePath: string,
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, probePath, child, () => log);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      process.off('exit', stopOnExit);
      await stopChild(child);
    },
  };
}
