/**
 * `npm run admin:create -- --email her@example.com`: makes an existing, verified account the shop's
 * owner, who can then sign in to /admin and give the staff role to others. Without
 * DATABASE_URL it changes the local database file; with DATABASE_URL (and DATABASE_AUTH_TOKEN) the
 * hosted one. Her sessions end (the session version moves on): she signs in again, for 12 hours.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { root } from "../tooling/processes";

const { values } = parseArgs({ options: { email: { type: "string" } } });
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("Usage: npm run admin:create -- --email her@example.com");
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? `file:${resolve(root, ".data/shop.db")}`;
const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
try {
  const changed = await client.execute({
    sql: "update users set role = 'owner', session_version = session_version + 1 where email = ? and is_verified = 1 and role <> 'owner'",
    args: [email],
  });
  if (changed.rowsAffected === 1) console.log(`${email} is now the owner. Sign in again to open /admin.`);
  else {
    const found = await client.execute({ sql: "select role, is_verified from users where email = ?", args: [email] });
    const row = found.rows[0];
    if (!row) console.error(`No account has the e-mail ${email}: create it on the shop first (and verify it with the mailed code).`);
    else if (!row.is_verified) console.error(`${email} has not verified its e-mail yet: finish sign-up first.`);
    else console.log(`${email} is already the owner.`);
    process.exitCode = row?.role === "owner" ? 0 : 1;
  }
} finally {
  client.close();
}
