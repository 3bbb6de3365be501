import { describe, expect, it } from "vitest";
import { shakeableLinks } from "../../scripts/vite-react-router";
import { reactRouterFile } from "../support/react-router-file";

const file = reactRouterFile("var NavLink = ");

describe("React Router's Link and NavLink, made shakeable", () => {
  it("marks both pure and drops their developer-tools names, nothing else", () => {
    expect(file).toBeDefined();
    const source = file as string;
    const out = shakeableLinks(source);
    expect(out).toContain("var Link = /* @__PURE__ */ React10.forwardRef(");
    expect(out).toContain("var NavLink = /* @__PURE__ */ React10.forwardRef(");
    expect(out).not.toContain('Link.displayName = "Link"');
    expect(out).not.toContain('NavLink.displayName = "NavLink"');
    // The rest of the file is untouched: taking the changes back out gives the original.
    const restored = out
      .replace("var Link = /* @__PURE__ */ React10", "var Link = React10")
      .replace("var NavLink = /* @__PURE__ */ React10", "var NavLink = React10");
    expect(source.replace('Link.displayName = "Link";\n', "").replace('NavLink.displayName = "NavLink";\n', "")).toBe(restored);
  });

  it("refuses another version's file instead of half changing it", () => {
    const source = file as string;
    expect(() => shakeableLinks(source.replace("var NavLink = React10.forwardRef(", "var NavLink = forwardRef("))).toThrow(/expected 1/);
    expect(() => shakeableLinks(source.replace('Link.displayName = "Link";\n', ""))).toThrow(/expected 1/);
  });
});
