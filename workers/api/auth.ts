import { Hono } from "hono";
import { forgotPassword, login, logout, register, resendOtp, resetPassword, verifyOtp } from "../services/auth";
import { AppError } from "../services/errors";
import { getProfile, updateProfile } from "../services/profile";
import { readBody } from "./body";
import type { ApiEnv } from "./types";

/** Accounts for API clients (SPEC §7): they get `{ user, token }` and send `Authorization: Bearer`. */
export const authApi = new Hono<ApiEnv>()
  .post("/auth/login", async (c) => c.json(await login(c.var.ctx, await readBody(c))))
  .post("/auth/register", async (c) => {
    const body = await readBody(c);
    const previous = typeof body.verificationToken === "string" ? body.verificationToken : undefined;
    return c.json(await register(c.var.ctx, body, previous), 201);
  })
  .post("/auth/verify-otp", async (c) => c.json(await verifyOtp(c.var.ctx, await readBody(c))))
  .post("/auth/resend-otp", async (c) => c.json(await resendOtp(c.var.ctx, await readBody(c))))
  .post("/auth/forgot-password", async (c) => c.json(await forgotPassword(c.var.ctx, await readBody(c))))
  .post("/auth/reset-password/:token", async (c) => c.json(await resetPassword(c.var.ctx, c.req.param("token"), await readBody(c))))
  .post("/auth/logout", async (c) => {
    await logout(c.var.ctx);
    return c.json({ message: "Logged out" });
  })
  .get("/auth/profile", async (c) => c.json(await getProfile(c.var.ctx)))
  .put("/auth/profile", async (c) => {
    if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(c.req.header("Content-Type") ?? "")) {
      throw new AppError(415, "Send the profile as multipart/form-data.");
    }
    const { name, mobile, addresses, profileImage } = await readBody(c);
    return c.json(await updateProfile(c.var.ctx, { name, mobile, addresses, profileImage }));
  });
