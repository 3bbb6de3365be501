import { Hono } from "hono";
import { forgotPassword, resetPassword } from "../../services/accounts/password-reset";
import { getProfile, type Profile, updateProfile } from "../../services/accounts/profile";
import type { SessionUser } from "../../services/accounts/session";
import { login, logout } from "../../services/accounts/signin";
import { register, resendOtp, verifyOtp } from "../../services/accounts/signup";
import { AppError } from "../../services/platform/errors";
import { readBody } from "../body";
import type { ApiEnv } from "../types";
import { addressJson } from "./addresses";

/** The API's JSON shape for a user (docs/product/accounts.md): never the password hash or the session version. */
export function publicUser(u: Pick<SessionUser, "id" | "name" | "email" | "mobile" | "isVerified" | "profileImage" | "createdAt">) {
  return {
    _id: String(u.id),
    id: String(u.id),
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    isVerified: u.isVerified,
    profileImage: u.profileImage,
    createdAt: u.createdAt.toISOString(),
  };
}

const profileJson = ({ user, addresses }: Profile) => ({ ...publicUser(user), addresses: addresses.map(addressJson) });

/** A session's answer: `{ user, token }`. */
const signedIn = ({ user, token }: { user: Parameters<typeof publicUser>[0]; token: string }) => ({ user: publicUser(user), token });

/** Accounts for API clients (docs/product/accounts.md): they get `{ user, token }` and send `Authorization: Bearer`. */
export const authApi = new Hono<ApiEnv>()
  .post("/auth/login", async (c) => c.json(signedIn(await login(c.var.ctx, await readBody(c)))))
  .post("/auth/register", async (c) => {
    const body = await readBody(c);
    const previous = typeof body.verificationToken === "string" ? body.verificationToken : undefined;
    return c.json(await register(c.var.ctx, body, previous), 201);
  })
  .post("/auth/verify-otp", async (c) => c.json(signedIn(await verifyOtp(c.var.ctx, await readBody(c)))))
  .post("/auth/resend-otp", async (c) => c.json(await resendOtp(c.var.ctx, await readBody(c))))
  .post("/auth/forgot-password", async (c) => c.json(await forgotPassword(c.var.ctx, await readBody(c))))
  .post("/auth/reset-password/:token", async (c) => c.json(await resetPassword(c.var.ctx, c.req.param("token"), await readBody(c))))
  .post("/auth/logout", async (c) => {
    await logout(c.var.ctx);
    return c.json({ message: "Logged out" });
  })
  .get("/auth/profile", async (c) => c.json(profileJson(await getProfile(c.var.ctx))))
  .put("/auth/profile", async (c) => {
    if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(c.req.header("Content-Type") ?? "")) {
      throw new AppError(415, "Send the profile as multipart/form-data.");
    }
    const { name, mobile, addresses, profileImage } = await readBody(c);
    return c.json(profileJson(await updateProfile(c.var.ctx, { name, mobile, addresses, profileImage })));
  });
