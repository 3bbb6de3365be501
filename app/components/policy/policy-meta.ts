import type { MetaDescriptor } from "react-router";
import { seoMeta } from "../../lib/seo";
import { POLICIES, type PolicyPath } from "./policy-page";

/** Title, description and canonical URL of one policy page; the origin comes from the root loader. */
export function policyMeta(
  path: PolicyPath,
  description: string,
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  const title = POLICIES.find((p) => p.path === path)?.name ?? "";
  return seoMeta({ title, description, origin: root?.origin ?? "", path });
}
