import { describe, expect, it } from "vitest";
import { rememberedMatches } from "../../scripts/vite-react-router";
import { reactRouterFile, useRouterFiles } from "../support/react-router-file";

const source = reactRouterFile("function matchRoutesImpl(");

interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: { id: string };
}
interface RouterFile {
  matchRoutesImpl(routes: unknown[], path: string, basename: string, allowPartial: boolean, branches?: unknown): Match[] | null;
  flattenAndRankRoutes(routes: unknown[]): unknown;
}

// The file as React Router ships it and as the Worker's build has it, each with its branch ranking
// exported so the test can hand both the precomputed branches the server's matching uses.
const files = useRouterFiles<RouterFile>(
  "react-router-matches",
  source as string,
  rememberedMatches,
  "\nexport { flattenAndRankRoutes };\n",
);

/** A route tree shaped like the shop's: a layout, static pages, dynamic segments, an optional one, a splat. */
const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "faqs", path: "faqs/:topic?" },
      { id: "all", path: "all-products" },
      { id: "category", path: "category/:id" },
      { id: "product", path: "women-products/:category/:slug" },
      { id: "reviews", path: "women-products/:category/:slug/reviews" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin-home", index: true },
          { id: "admin-product", path: "products/:id" },
        ],
      },
      { id: "not-found", path: "*" },
    ],
  },
];

const PATHS = [
  "/",
  "/faqs",
  "/faqs/returns",
  "/all-products",
  "/category/3",
  "/women-products",
  "/women-products/dresses",
  "/women-products/dresses/coral-midi",
  "/women-products/dresses/coral-midi/reviews",
  "/women-products/dresses/k%C3%BCrti",
  "/admin",
  "/admin/products/7",
  "/nowhere/at/all",
];

const shape = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

/** Each file's ranked branches of `routes`, as a server keeps them, and a matcher over each. */
function matchers() {
  const branches = { original: files.original.flattenAndRankRoutes(routes), patched: files.patched.flattenAndRankRoutes(routes) };
  return {
    original: (path: string, allowPartial = false) => files.original.matchRoutesImpl(routes, path, "/", allowPartial, branches.original),
    patched: (path: string, allowPartial = false) => files.patched.matchRoutesImpl(routes, path, "/", allowPartial, branches.patched),
  };
}

describe("React Router's route matching with remembered branches (the Worker's build)", () => {
  it("matches every path as React Router does, the first time and every time after", () => {
    const match = matchers();
    for (const allowPartial of [false, true]) {
      for (let round = 0; round < 3; round++) {
        for (const path of PATHS) {
          expect(shape(match.patched(path, allowPartial)), `${path} ${allowPartial}`).toEqual(shape(match.original(path, allowPartial)));
        }
      }
    }
    // What is remembered is which branch, never the matches: a caller that changes what it was given
    // changes nothing for the next caller.
    const first = match.patched("/category/3")!;
    first[1]!.params.id = "changed";
    const again = match.patched("/category/3")!;
    expect(again[1]!.params.id).toBe("3");
    expect(again).not.toBe(first);
  });

  it("keeps matching correctly past the paths it remembers", () => {
    const match = matchers();
    for (let i = 0; i < 2_500; i++) {
      const path = i % 3 === 0 ? `/category/${i}` : i % 3 === 1 ? `/women-products/x/slug-${i}` : `/missing-${i}/x`;
      expect(shape(match.patched(path))).toEqual(shape(match.original(path)));
    }
  });

  it("refuses another version's file instead of half changing it", () => {
    const code = source as string;
    expect(() => rememberedMatches(code.replace("let matches = null;\n  let decoded", "let matches = [];\n  let decoded"))).toThrow(
      /expected 1/,
    );
  });
});
