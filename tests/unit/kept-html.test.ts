import { Fragment, createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HtmlKeeperContext, Kept } from "../../app/lib/kept-html";
import { keepHtml } from "../../app/lib/kept-html.server";

/** Content with what hydration is strict about: adjacent text (React separates it with comments), attributes, nesting. */
const content = ({ year, city }: { year: number; city: string }) =>
  h(Fragment, null, h("p", { className: "x" }, "© ", year, " ", city, "."), h("a", { href: "/a?b=1&c=2" }, "A & B"));

const page = (keeper: typeof keepHtml | null, inputs: { year: number; city: string }, calls?: string[], limit?: number, name?: string) =>
  renderToString(
    h(
      HtmlKeeperContext.Provider,
      { value: keeper },
      h(Kept<{ year: number; city: string }>, {
        as: "footer",
        className: "site-footer",
        name: name ?? `test-${inputs.city}`,
        inputs,
        limit,
        // biome-ignore lint/correctness/noChildrenProp: createElement in a .ts test; Kept's children is a function of its inputs.
        children: (i) => {
          calls?.push(i.city);
          return content(i);
        },
      }),
    ),
  );

describe("kept HTML", () => {
  it("is the markup React writes for the same content, text separators included, so hydration meets what it expects", () => {
    const inputs = { year: 2026, city: "Ghaziabad" };
    const rendered = page(null, inputs);
    expect(rendered).toContain("© <!-- -->2026<!-- --> <!-- -->Ghaziabad<!-- -->.");
    expect(page(keepHtml, inputs)).toBe(rendered);
    // And again, from the kept copy.
    expect(page(keepHtml, inputs)).toBe(rendered);
  });

  it("renders once per set of inputs, and anew when they change", () => {
    const calls: string[] = [];
    page(keepHtml, { year: 2026, city: "Noida" }, calls);
    page(keepHtml, { year: 2026, city: "Noida" }, calls);
    expect(calls).toEqual(["Noida"]);
    const changed = page(keepHtml, { year: 2027, city: "Noida" }, calls);
    expect(calls).toEqual(["Noida", "Noida"]);
    expect(changed).toContain("2027");
  });

  it("keeps each content's versions apart, at most its limit of them, the oldest leaving first", () => {
    const calls: string[] = [];
    const card = (city: string) => page(keepHtml, { year: 2026, city }, calls, 2, "test-cards");
    const footer = () => page(keepHtml, { year: 2026, city: "Meerut" }, calls, undefined, "test-footer");
    footer();
    card("A");
    card("B");
    card("C"); // the third version: A, the oldest, leaves
    card("C");
    card("B");
    expect(calls).toEqual(["Meerut", "A", "B", "C"]);
    card("A");
    expect(calls).toEqual(["Meerut", "A", "B", "C", "A"]);
    // Many cards never push another content out.
    for (const city of ["D", "E", "F", "G"]) card(city);
    footer();
    expect(calls.filter((c) => c === "Meerut")).toHaveLength(1);
  });
});
