import type { MetaDescriptor } from "react-router";
import { settings } from "../../workers/services/content/settings";

export interface SeoInput {
  title: string;
  description: string;
  /** Absolute origin of the site, from the root loader (`origin`). */
  origin: string;
  /** Path and query of the canonical URL, e.g. `/all-products?category=2`. */
  path: string;
  /** An image path or URL for link previews. */
  image?: string;
  type?: "website" | "product";
}

/** The site's origin as the root loader gave it, from a route's `meta` matches ("" before it has one). */
export function rootOrigin(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  return (matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
}

/** Title, description, canonical URL and Open Graph tags for one page, in one place. */
export function seoMeta({ title, description, origin, path, image, type = "website" }: SeoInput): MetaDescriptor[] {
  const url = origin + path;
  const fullTitle = title.includes(settings.brand.name) ? title : `${title} | ${settings.brand.name}`;
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: settings.brand.name },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) meta.push({ property: "og:image", content: new URL(image, origin).href });
  return meta;
}

/** JSON-LD as a meta descriptor: React Router renders it as a script tag of type ld+json. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/**
 * The page's largest image (its largest contentful paint), fetched at high priority as soon as the
 * head is parsed rather than when the body reaches it. For `links`; `meta` takes it with
 * `tagName: "link"` when the image comes from the loader.
 */
export const imagePreload = (href: string) => ({ rel: "preload", as: "image", href, fetchpriority: "high" }) as const;
