import { describe, expect, inject, it } from "vitest";
import { createUser } from "../../tooling/accounts";
import { productPath } from "../../workers/services/platform/paths";
import { decode, fresh } from "../support/html";

/**
 * One promise, one figure: every page that says how long delivery takes, how long a return or a
 * cancellation may be asked for, or how soon a refund or packing happens, says the same as every
 * other page. The figures are read out of the pages' text as a shopper reads them, not from the
 * settings, so a page that writes its own number (a seeded product text, a hard-coded sentence) is
 * caught even when the settings are right.
 */
const base = inject("baseUrl");

/**
 * The visible text of some HTML, tags and comments gone, entities decoded, spaces collapsed; the end
 * of a block (a paragraph, a term, a heading) ends a clause, as it does for the eye.
 */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<(script|style|template)[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<\/(p|li|dt|dd|h[1-6]|td|th|summary|div|section)>/g, "; ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");

type Promise_ = "delivery" | "processing" | "return window" | "refund" | "cancel window" | "damage report";

/**
 * Which promise a figure belongs to, from the words of its own clause before it ("refunds reach you
 * within", "leaves us within", "cancel within") and, for a bare "within 7 days of delivery", the
 * words after it. The order matters: "refunds reach you" is a refund, not a delivery.
 */
function promiseOf(before: string, after: string, unit: string): Promise_ | null {
  const b = before.toLowerCase();
  if (/refund/.test(b)) return "refund";
  if (/cancel/.test(b)) return "cancel window";
  if (unit === "hours") return /damage|tell us|report/.test(b) || /^ of delivery/.test(after) ? "damage report" : null;
  if (/return/.test(b)) return "return window";
  if (/pack|leaves us|dispatch/.test(b)) return "processing";
  if (/deliver|reach|arriv/.test(b)) return "delivery";
  if (/^ of delivery/.test(after)) return "return window";
  return null;
}

const FIGURE = /(\d+)(?:\s*(?:-|–|to)\s*(\d+))?\s+(business days|days|hours)\b/g;

/** Every day or hour count in `text` that states one of the promises, as "4-7 business days". */
function statedFigures(text: string): { promise: Promise_; figure: string }[] {
  const found: { promise: Promise_; figure: string }[] = [];
  let clauseStart = 0;
  for (const m of text.matchAll(FIGURE)) {
    const at = m.index;
    const lead = text.slice(clauseStart, at);
    // The words since the last figure or the end of the last clause.
    const cut = Math.max(lead.lastIndexOf(". "), lead.lastIndexOf("; "), lead.lastIndexOf("? "), lead.lastIndexOf("! "));
    const before = cut >= 0 ? lead.slice(cut + 2) : lead;
    const after = text.slice(at + m[0].length, at + m[0].length + 20);
    const unit = m[3]!.endsWith("hours") ? "hours" : "days";
    const promise = promiseOf(before, after, unit);
    if (promise) found.push({ promise, figure: `${m[1]}${m[2] ? `-${m[2]}` : ""} ${m[3]}` });
    clauseStart = at + m[0].length;
  }
  return found;
}

async function html(path: string, session?: string): Promise<string> {
  const res = await fetch(new URL(fresh(path), base), { headers: session ? { Cookie: `aanchal_session=${session}` } : {} });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A product page's own words: its Description & Details panel (reviews are shoppers' words, not promises). */
function detailsPanel(page: string): string {
  const start = page.indexOf('id="details"');
  const end = page.indexOf('id="reviews"', start);
  expect(start, "the product page's details panel").toBeGreaterThan(0);
  return page.slice(start, end > start ? end : undefined);
}

describe("day counts", () => {
  it("reads the promises a sentence states, each with its own figure", () => {
    expect(
      statedFigures(
        "It leaves us within 1-2 business days and reaches you 4-7 business days after that. Yes, within 7 days of delivery, if unworn. " +
          "Exchanges depend on stock; refunds reach you within 7-10 business days. You can cancel within 24 hours of ordering. " +
          "Tell us within 24 hours of delivery. Delivered in 5-7 business days. Returns are accepted within 3 days of delivery.",
      ),
    ).toEqual([
      { promise: "processing", figure: "1-2 business days" },
      { promise: "delivery", figure: "4-7 business days" },
      { promise: "return window", figure: "7 days" },
      { promise: "refund", figure: "7-10 business days" },
      { promise: "cancel window", figure: "24 hours" },
      { promise: "damage report", figure: "24 hours" },
      { promise: "delivery", figure: "5-7 business days" },
      { promise: "return window", figure: "3 days" },
    ]);
  });

  it("are the same on every page that states them: product pages, the FAQ, the policies, manufacturing and My Orders", async () => {
    const { data } = (await (await fetch(new URL("/api/products?limit=100", base))).json()) as {
      data: { slug: string; category: { name: string } }[];
    };
    const products = [data[0]!, data[Math.floor(data.length / 2)]!, data.at(-1)!];
    // Every FAQ topic: each is its own page.
    const faq = await html("/faqs");
    const topics = [...new Set([...faq.matchAll(/href="(\/faqs\?topic=[^"]+)"/g)].map((m) => decode(m[1]!)))];
    expect(topics.length).toBeGreaterThan(1);
    const pages: [string, string][] = [["/faqs", textOf(faq)]];
    for (const topic of topics) pages.push([topic, textOf(await html(topic))]);
    pages.push(
      ["/shipping-delivery-policy", textOf(await html("/shipping-delivery-policy"))],
      ["/cancellation-return-policy", textOf(await html("/cancellation-return-policy"))],
      ["/terms-and-conditions", textOf(await html("/terms-and-conditions"))],
      ["/privacy-policy", textOf(await html("/privacy-policy"))],
      ["/manufacturing", textOf(await html("/manufacturing"))],
    );
    // A signed-in page that states the cancel window too.
    const shopper = await createUser(base, "day-counts");
    pages.push(["/my-orders", textOf(await html("/my-orders", shopper.token))]);
    for (const p of products) {
      const path = productPath(p.category.name, p.slug);
      pages.push([path, textOf(detailsPanel(await html(path)))]);
    }

    const said = new Map<Promise_, Map<string, string[]>>();
    for (const [path, text] of pages) {
      for (const { promise, figure } of statedFigures(text)) {
        const figures = said.get(promise) ?? new Map<string, string[]>();
        figures.set(figure, [...(figures.get(figure) ?? []), path]);
        said.set(promise, figures);
      }
    }
    // The pages that must state a promise do: a change of wording that hid a figure from this test
    // would otherwise pass it silently.
    const statedOn = (promise: Promise_) => [...(said.get(promise)?.values() ?? [])].flat();
    for (const [path] of pages.filter(([path]) => path.startsWith("/women-products/"))) {
      expect(statedOn("delivery"), `${path} states the delivery time`).toContain(path);
      expect(statedOn("return window"), `${path} states the return window`).toContain(path);
    }
    expect(statedOn("delivery")).toContain("/shipping-delivery-policy");
    expect(statedOn("processing")).toContain("/manufacturing");
    expect(statedOn("return window")).toContain("/cancellation-return-policy");
    expect(statedOn("refund")).toContain("/faqs?topic=shipping-delivery");
    expect(statedOn("cancel window")).toContain("/terms-and-conditions");
    expect(statedOn("cancel window")).toContain("/my-orders");

    const disagreements = [...said]
      .filter(([, figures]) => figures.size > 1)
      .map(([promise, figures]) => ({ promise, ...Object.fromEntries(figures) }));
    expect(disagreements).toEqual([]);
  });
});
