import { Hono } from "hono";
import { type InboxMessageDetail, listMessages, markHandled, messageDetail, replyToMessage } from "../../services/back-office/admin-inbox";
import { hideReview, listReviews, type ModeratedReview, showReview } from "../../services/back-office/admin-reviews";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * The back office's inbox and review moderation, for tools and scripts, on the
 * services its pages use. Mounted inside workers/api/back-office/admin.ts, behind its staff gate.
 *
 * - GET  /admin/messages?filter=all|unread|open|handled&kind=contact|enquiry&page=N
 * - GET  /admin/messages/:kind/:id                 (marks it read the first time)
 * - POST /admin/messages/:kind/:id/handled {handled: boolean}
 * - POST /admin/messages/:kind/:id/reply   {body}  (mailed to the sender, message handled)
 * - GET  /admin/reviews?filter=all|visible|hidden&product=ID&page=N
 * - POST /admin/reviews/:id/hide {reason}
 * - POST /admin/reviews/:id/show
 */
const detailJson = (d: InboxMessageDetail) => ({
  ...d,
  readAt: d.readAt?.toISOString() ?? null,
  handledAt: d.handledAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
  replies: d.replies.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
});

const reviewJson = (r: ModeratedReview) => ({ ...r, createdAt: r.createdAt.toISOString() });

export const adminInboxApi = new Hono<ApiEnv>()
  .get("/admin/messages", async (c) => {
    const list = await listMessages(c.var.ctx, c.req.query());
    return c.json({
      ...list,
      messages: list.messages.map((m) => ({
        ...m,
        readAt: m.readAt?.toISOString() ?? null,
        handledAt: m.handledAt?.toISOString() ?? null,
        createdAt: m.createdAt.toISOString(),
      })),
    });
  })
  .get("/admin/messages/:kind/:id", async (c) =>
    c.json({ message: detailJson(await messageDetail(c.var.ctx, c.req.param("kind"), c.req.param("id"))) }),
  )
  .post("/admin/messages/:kind/:id/handled", async (c) =>
    c.json({ message: detailJson(await markHandled(c.var.ctx, c.req.param("kind"), c.req.param("id"), await readBody(c))) }),
  )
  .post("/admin/messages/:kind/:id/reply", async (c) => {
    const { message, detail } = await replyToMessage(c.var.ctx, c.req.param("kind"), c.req.param("id"), await readBody(c));
    return c.json({ notice: message, message: detailJson(detail) }, 201);
  })
  .get("/admin/reviews", async (c) => {
    const list = await listReviews(c.var.ctx, c.req.query());
    return c.json({ ...list, reviews: list.reviews.map(reviewJson) });
  })
  .post("/admin/reviews/:id/hide", async (c) => {
    const res = await hideReview(c.var.ctx, c.req.param("id"), await readBody(c));
    return c.json({ ...res, review: reviewJson(res.review) });
  })
  .post("/admin/reviews/:id/show", async (c) => {
    const res = await showReview(c.var.ctx, c.req.param("id"));
    return c.json({ ...res, review: reviewJson(res.review) });
  });
