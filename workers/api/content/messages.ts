import { Hono } from "hono";
import { sendContactMessage, sendEnquiry } from "../../services/content/messages";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * `POST /api/contact` with `{ name, email, message }` and `POST /api/enquiries/send-enquiry` with the
 * enquiry's fields (docs/product/content.md): 201 with `{ message }` once stored and its mails queued. Refusals
 * are 400 (with `fields`), 413 (bodies over 64 KB, workers/api/index.ts) and 429 (too many).
 */
export const messagesApi = new Hono<ApiEnv>()
  .post("/contact", async (c) => c.json(await sendContactMessage(c.var.ctx, await readBody(c)), 201))
  .post("/enquiries/send-enquiry", async (c) => c.json(await sendEnquiry(c.var.ctx, await readBody(c)), 201));
