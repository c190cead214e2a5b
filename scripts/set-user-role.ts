// npm run user:role -- <email> <user|mod|admin>
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';
import { setUserRole } from '../src/lib/server/services/profiles/member-roles.ts';
import { isRole, ROLES } from '../src/lib/users/roles.ts';

const [email, role] = process.argv.slice(2);
if (!email || !role || !isRole(role)) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
  process.exit(2);
}
try {
  const { db } = await openDatabase();
  await migrateDatabase(db);
  const user = await setUserRole(db, email, role);
  if (!user) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.username} <${user.email}> is now ${user.role}.`);
  }
} finally {
  await closeDatabase();
}
