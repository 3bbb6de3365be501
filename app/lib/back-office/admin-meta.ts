import { settings } from "../../../workers/services/content/settings";

/** A back-office page's title ("Order #1042 | Aanchal back office"), kept out of search engines. */
export const backOfficeMeta = (title: string) => [
  { title: `${title} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];
