import { createClient } from "@libsql/client";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, type TestUser } from "../../tooling/accounts";

/**
 * The back office's door: every /api/admin path answers a signed-out visitor, a shopper,
 * a forged token and a staff token older than 12 hours exactly like a path that does not exist; the
 * owner reads the audit log and gives or takes the staff role, each change one audit entry.
 */
const base = inject("baseUrl");
const secret = new TextEncoder().encode(inject("sessionSecret"));
const db = createClient({ url: inject("dbUrl") });
afterAll(() => db.close());

let ownerToken: string;
let ownerId: number;
let shopper: TestUser;

async function signIn(email: string, password: string): Promise<string> {
  const res = await postJson(base, "/api/auth/login", { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  ownerToken = await signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  ownerId = Number(decodeJwt(ownerToken).sub);
  shopper = await createUser(base, "admin-gate", "Nisha Arora");
});

const call = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(new URL(path, base), {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json", ...init.headers },
  });

const auditCount = async () => Number((await db.execute("select count(*) as n from audit_log")).rows[0]!.n);

/** A token as the Worker signs them (or with another key), issued `hoursAgo`, valid a month. */
async function token(userId: number, hoursAgo: number, key = secret) {
  const iat = Math.floor(Date.now() / 1000) - hoursAgo * 3600;
  const [row] = (await db.execute({ sql: "select session_version as v from users where id = ?", args: [userId] })).rows;
  return new SignJWT({ ver: Number(row!.v) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + 30 * 86400)
    .sign(key);
}

const PATHS: [string, string][] = [
  ["GET", "/api/admin/audit-log"],
  ["PUT", "/api/admin/staff/1"],
  ["GET", "/api/admin/orders"],
  ["POST", "/api/admin/nothing-here"],
];

describe("the back office API's door", () => {
  it("answers 404 'Not found' to a signed-out visitor, a shopper, a forged token and a staff token older than 12 hours, changing nothing", async () => {
    const before = await auditCount();
    const tokens = [
      undefined,
      shopper.token,
      await token(ownerId, 0, new TextEncoder().encode("not-the-shop-secret-but-32-chars!!")),
      await token(ownerId, 13),
    ];
    for (const t of tokens)
      for (const [method, path] of PATHS) {
        const res = await call(path, t, { method, body: method === "GET" ? undefined : JSON.stringify({ role: "staff" }) });
        expect({ path, status: res.status, body: await res.json() }).toEqual({ path, status: 404, body: { message: "Not found" } });
      }
    expect(await auditCount()).toBe(before);
  });

  it("lets the owner in with her own session (12 hours long), and still answers 404 for a path that does not exist", async () => {
    const { exp, iat } = decodeJwt(ownerToken);
    expect(exp! - iat!).toBe(12 * 3600);
    expect((await call("/api/admin/audit-log", ownerToken)).status).toBe(200);
    expect((await call("/api/admin/nothing-here", ownerToken)).status).toBe(404);
    // An 11-hour-old owner token still opens it.
    expect((await call("/api/admin/audit-log", await token(ownerId, 11))).status).toBe(200);
  });
});

describe("staff roles", () => {
  it("lets the owner give and take the staff role, one audit entry a change; staff cannot read the audit log", async () => {
    const helper = await createUser(base, "admin-staff", "Pooja Rawat");
    const before = await auditCount();
    const give = await call(`/api/admin/staff/${helper.id}`, ownerToken, { method: "PUT", body: JSON.stringify({ role: "staff" }) });
    expect(give.status).toBe(200);
    expect(((await give.json()) as { user: { role: string } }).user.role).toBe("staff");
    // The same change again (a double click) changes nothing and writes nothing.
    expect(
      (await call(`/api/admin/staff/${helper.id}`, ownerToken, { method: "PUT", body: JSON.stringify({ role: "staff" }) })).status,
    ).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await db.execute("select actor_id, action, entity, entity_id, before, after from audit_log order by id desc limit 1"))
      .rows;
    expect(entry).toMatchObject({ actor_id: ownerId, action: "role.change", entity: "user", entity_id: String(helper.id) });
    expect(JSON.parse(String(entry!.before))).toEqual({ role: "shopper" });
    expect(JSON.parse(String(entry!.after))).toEqual({ role: "staff" });

    // Her old shopper session ended with the change; signed in again she is staff, for 12 hours.
    expect((await call("/api/auth/profile", helper.token)).status).toBe(401);
    const staffToken = await signIn(helper.email, helper.password);
    const { exp, iat } = decodeJwt(staffToken);
    expect(exp! - iat!).toBe(12 * 3600);
    expect((await call("/api/admin/nothing-here", staffToken)).status).toBe(404);
    expect((await call("/api/admin/audit-log", staffToken)).status).toBe(404);
    expect(
      (await call(`/api/admin/staff/${shopper.id}`, staffToken, { method: "PUT", body: JSON.stringify({ role: "staff" }) })).status,
    ).toBe(404);

    const take = await call(`/api/admin/staff/${helper.id}`, ownerToken, { method: "PUT", body: JSON.stringify({ role: "shopper" }) });
    expect(take.status).toBe(200);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses a role that does not exist, the owner's own account and an unknown one, writing nothing", async () => {
    const before = await auditCount();
    const bad = await call(`/api/admin/staff/${shopper.id}`, ownerToken, { method: "PUT", body: JSON.stringify({ role: "owner" }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Role must be staff or shopper");
    expect(
      (await call(`/api/admin/staff/${ownerId}`, ownerToken, { method: "PUT", body: JSON.stringify({ role: "shopper" }) })).status,
    ).toBe(404);
    expect((await call("/api/admin/staff/999999999", ownerToken, { method: "PUT", body: JSON.stringify({ role: "staff" }) })).status).toBe(
      404,
    );
    expect((await call("/api/admin/staff/abc", ownerToken, { method: "PUT", body: JSON.stringify({ role: "staff" }) })).status).toBe(400);
    expect(await auditCount()).toBe(before);
    const [row] = (await db.execute({ sql: "select role from users where id = ?", args: [Number(shopper.id)] })).rows;
    expect(row!.role).toBe("shopper");
  });

  it("shows the owner the audit log newest first, with who made each change", async () => {
    const res = await call("/api/admin/audit-log?limit=2", ownerToken);
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as { entries: { id: number; actorEmail: string; action: string }[] };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(2);
    expect(entries[0]!.actorEmail).toBe(DEMO_OWNER.email);
    if (entries[1]) expect(entries[0]!.id).toBeGreaterThan(entries[1].id);
  });
});
