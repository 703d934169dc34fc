// `npm run staff:create -- --username <name> --role <role> [--json]`: creates a staff account and prints its
// one-time password (several accounts: repeat the pair, `--username a --role r --username b --role s`; with `--json`
// one line each, in that order), which must be changed at the first sign-in (admin and finance then enrol TOTP). This is
// how the first admin comes to exist: no account or password ships (decision 0020). Uses the same database
// settings as the server (DATABASE_URL, or the embedded database in DATA_DIR, which the server must not be
// holding open at the same time).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, ZStaffRole, ZStaffUsername } from '@dossier/contract';
import { systemClock } from '../src/clock.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { createStaffUser } from '../src/modules/staff/users.service.ts';
import { AppError } from '../src/plugins/errors.ts';

const usage = `usage: npm run staff:create -- --username <name> --role <${STAFF_ROLES.join('|')}> [--username … --role …] [--json]`;

function fail(message: string, code = 64): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        username: { type: 'string', multiple: true },
        role: { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
    });
  } catch (e) {
    return fail(`${(e as Error).message}\n${usage}`);
  }
})();
const usernames = values.username ?? [];
const roles = values.role ?? [];
if (usernames.length === 0 || usernames.length !== roles.length)
  fail(`one --role for each --username, in the same order\n${usage}`);
const accounts = usernames.map((u, i) => {
  const username = ZStaffUsername.safeParse(u);
  if (!username.success) fail(`--username ${u}: 3–64 of a-z 0-9 . _ - @\n${usage}`);
  const role = ZStaffRole.safeParse(roles[i]);
  if (!role.success) fail(`--role ${roles[i]}: one of ${STAFF_ROLES.join(', ')}\n${usage}`);
  return { username: username.data, role: role.data };
});

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) fail(e.message, 78);
  throw e;
}
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'db'),
  timeouts: config.database,
});
let current = accounts[0]!;
try {
  await migrateAndSeed(db);
  for (current of accounts) await create(current);
} catch (e) {
  if (e instanceof AppError && e.statusCode === 409)
    fail(`The username ${current.username} is already taken.`, 1);
  throw e;
} finally {
  await db.close();
}

async function create(account: (typeof accounts)[number]): Promise<void> {
  const made = await createStaffUser(
    { db, clock: systemClock },
    { staffId: null, actor: 'cli', ip: null },
    account,
  );
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ username: made.user.username, role: made.user.role, one_time_password: made.one_time_password })}\n`,
    );
    return;
  }
  process.stdout.write(
    [
      `Staff account ${made.user.username} (${made.user.role}) created.`,
      `One-time password: ${made.one_time_password}`,
      'It is shown only now. Sign in with it and choose a new password' +
        (made.user.role === 'admin' || made.user.role === 'finance'
          ? ', then set up an authenticator app (TOTP).'
          : '.'),
      '',
    ].join('\n'),
  );
}
