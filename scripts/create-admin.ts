/**
 * Creates an admin account, or promotes an existing user to admin. The API never makes admins
 * (the first registered user is an ordinary user), so this is the one way in:
 *
 *   ATLAS_ADMIN_PASSWORD='long secret' npx tsx scripts/create-admin.ts admin@example.org [Name]
 *   npx tsx scripts/create-admin.ts existing-user@example.org      # promote, password unchanged
 *
 * The database comes from DATABASE_URL as for the server (default var/atlas.db). The password is
 * read from ATLAS_ADMIN_PASSWORD, or from stdin when piped (`... < file`), never from argv (argv
 * is visible to every user of the machine in `ps`). Promotion revokes the user's tokens.
 */
import { loadConfig } from '../server/config';
import { createOrPromoteAdmin } from '../server/auth/createAdmin';
import { createDb } from '../server/db/createDb';

async function readStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text === '' ? undefined : text;
}

const [email, ...nameParts] = process.argv.slice(2);
if (email === undefined || email.startsWith('-')) {
  console.error('usage: ATLAS_ADMIN_PASSWORD=... tsx scripts/create-admin.ts <email> [name]');
  process.exit(2);
}
const password = process.env['ATLAS_ADMIN_PASSWORD'] ?? (await readStdin());
const name = nameParts.join(' ').trim();

const atlasDb = await createDb(loadConfig());
try {
  const result = await createOrPromoteAdmin(atlasDb.db, {
    email,
    ...(password === undefined ? {} : { password }),
    ...(name === '' ? {} : { name }),
  });
  console.log(`[create-admin] ${result.outcome} ${result.user.email} (id ${result.user.id})`);
} catch (error) {
  console.error(`[create-admin] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await atlasDb.close();
}
