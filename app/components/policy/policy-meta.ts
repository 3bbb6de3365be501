import type { MetaDescriptor } from "react-router";
import { rootOrigin, seoMeta } from "../../lib/seo";
import { POLICIES, type PolicyPath } from "./policy-page";

/** Title, description and canonical URL of one policy page; the origin comes from the root loader. */
export function policyMeta(
  path: PolicyPath,
  description: string,
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): MetaDescriptor[] {
  const title = POLICIES.find((p) => p.path === path)?.name ?? "";
  return seoMeta({ title, description, origin: rootOrigin(matches), path });
}
