/**
 * Creates a member of staff: an operator for the payments console (/ops/payments), or with `--role admin` an admin
 * of the marketplace console (/admin), who may also do everything an operator does:
 *   npm run ops:create-operator -- --email ops@example.in --name "Asha Rao" --password "long secret"
 *   npm run admin:create -- --email admin@example.in --name "Meera Iyer"      (the script adds --role admin)
 * Anything not given on the command line is asked for (the password without echo). The new account is in the audit
 * log (`staff.create`), made by `user@host` of the shell that ran this.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { describeZodError } from '@bazaar/shared';
import { loadConfigOrExit } from '../config';
import { ensureSchema, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { commandLineActor } from '../audit/service';
import { createStaffMember } from '../flows/staffAccounts';
import { HttpError } from '../http/errors';
import { newOperatorSchema } from '../ops/service';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'operator' },
  },
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
  role: values.role,
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
  const staff = await createStaffMember(database.db, commandLineActor(), parsed.data);
  const where = staff.role === 'admin' ? '/admin/login' : '/ops/login';
  console.log(
    `${staff.role === 'admin' ? 'Admin' : 'Operator'} ${staff.name} <${staff.email}> created (id ${staff.id}). Sign in at ${where}.`,
  );
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
