import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { compiledServer, runNode } from '../../server/test/compiledServer';
import { startSmtpCapture } from '../../server/test/smtp-capture';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

/** A port nothing listens on now: the journeys' shards (scripts/test.sh) each start a server at the same time. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build — the web app and the compiled server, run by plain `node` as `npm start` does —
 * on a fresh, seeded SQLite database for the browser tests.
 * The server's log goes to a file that tests may read (that is how they see the OTP the dev SMS provider logs).
 * Its e-mails go to a real SMTP server started here, which keeps each one as an .eml file in `mailDir` (e2e/mail.ts
 * reads them).
 */
export default async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST
    ? path.resolve(process.env.WEB_DIST)
    : path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the e2e tests`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-e2e-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const mailDir = path.join(dataDir, 'mail-received');
  const smtp = await startSmtpCapture({ saveTo: mailDir });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    E2E: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Bazaar <orders@bazaar.test>',
    SHOP_URL: `http://127.0.0.1:${port}`,
  };
  const build = await compiledServer();
  await runNode([path.join(build.dir, 'cli/migrate.js')], env);
  // The shops' random passwords go to an owner-only file the journeys read (the chat test signs sellers in).
  const credentialsFile = path.join(dataDir, 'seed-credentials.txt');
  await runNode([build.seed, '--products', '240', '--credentials-file', credentialsFile], env);

  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [path.join(build.dir, 'main.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);

  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  project.provide('dataDir', dataDir);
  project.provide('serverDist', build.dir);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    build.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    dataDir: string;
    /** The compiled server the journeys run (main.js, cli/*.js). */
    serverDist: string;
    /** Every e-mail the server sent, as the SMTP server received it (.eml files). */
    mailDir: string;
  }
}
