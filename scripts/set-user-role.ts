// npm run user:role -- <email> <user|mod|admin>
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';
import { ROLES, setUserRole, type Role } from '../src/lib/server/services/users/users.ts';

const [email, role] = process.argv.slice(2);
if (!email || !role || !ROLES.includes(role as Role)) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
  process.exit(2);
}
try {
  await migrateDatabase((await openDatabase()).db);
  const user = await setUserRole(email, role as Role);
  if (!user) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.username} <${user.email}> is now ${user.role}.`);
  }
} finally {
  await closeDatabase();
}
