import { createContext, type ReactNode, useContext } from "react";

/**
 * Renders a subtree to HTML, or returns the HTML it rendered before for the same content (`name`)
 * and inputs (as JSON), keeping at most `limit` versions of one content. The server
 * provides one (app/lib/kept-html.server.ts, through entry.server.tsx); the browser has none.
 */
export type HtmlKeeper = (name: string, inputs: string, render: () => ReactNode, limit?: number) => string;

export const HtmlKeeperContext = createContext<HtmlKeeper | null>(null);

type KeptTag = "footer" | "details" | "div";

/**
 * An element whose content is the same for every shopper and every page while its `inputs` are
 * (the footer, the no-JavaScript size chart): the server renders the content once per set of inputs
 * and writes the HTML it kept from then on, instead of React walking the same ~100 elements on every
 * request. In the browser the same component renders the content as usual, and hydration meets the
 * same markup it would have met, text separators included (the keeper renders with React's own
 * renderToString), so nothing in it changes for the shopper.
 *
 * The content must be a pure function of `inputs`: no hooks that read the router or other context
 * (it is rendered outside the page's tree), no useId, and nothing that differs between shoppers.
 */
export function Kept<I>({
  as: Tag,
  name,
  inputs,
  className,
  limit,
  children,
}: {
  as: KeptTag;
  /** Which kept content this is; with `inputs` it names the HTML kept. */
  name: string;
  inputs: I;
  className?: string;
  /** How many versions of this content the server keeps at most (default: a handful; cards need more). */
  limit?: number;
  children: (inputs: I) => ReactNode;
}) {
  const keeper = useContext(HtmlKeeperContext);
  if (!keeper) return <Tag className={className}>{children(inputs)}</Tag>;
  const html = keeper(name, JSON.stringify(inputs), () => children(inputs), limit);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of this component's content, escaped as React escapes it.
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
