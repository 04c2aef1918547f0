/**
 * Creates an operator for the payments console (/ops/payments):
 *   npm run ops:create-operator -- --email ops@example.in --name "Asha Rao" --password "long secret"
 * Anything not given on the command line is asked for (the password without echo).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { describeZodError } from '@bazaar/shared';
import { loadConfigOrExit } from '../config';
import { ensureSchema, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { HttpError } from '../http/errors';
import { createOperator, newOperatorSchema } from '../ops/service';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});

async function ask(question: string, secret = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (secret && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (text: string) => {
      if (text.startsWith(question)) process.stdout.write(question);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (secret && process.stdin.isTTY) process.stdout.write('\n');
  return answer;
}

const parsed = newOperatorSchema.safeParse({
  email: values.email ?? (await ask('Email: ')),
  name: values.name ?? (await ask('Name: ')),
  password: values.password ?? (await ask('Password (at least 10 characters): ', true)),
});
if (!parsed.success) {
  console.error(describeZodError(parsed.error));
  process.exit(1);
}

const config = loadConfigOrExit();
await ensureSchema(config);
const database = openDatabase(config);
try {
  await migrateToLatest(database.db, database.dialect);
  const operator = await createOperator(database.db, parsed.data);
  console.log(
    `Operator ${operator.name} <${operator.email}> created (id ${operator.id}). Sign in at /ops/login.`,
  );
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
