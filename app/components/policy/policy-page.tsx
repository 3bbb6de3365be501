import { settings } from "../../../workers/services/content/settings";
import { policyUpdated } from "../../lib/help-figures";
import { useStoreContact } from "../../lib/store-contact";
import { ShopLink } from "../shop-link";

/** The four policy pages, in the order the side list shows them. */
export const POLICIES = [
  { path: "/shipping-delivery-policy", name: "Shipping & Delivery Policy" },
  { path: "/cancellation-return-policy", name: "Cancellation & Return Policy" },
  { path: "/privacy-policy", name: "Privacy Policy" },
  { path: "/terms-and-conditions", name: "Terms & Conditions" },
] as const;

export type PolicyPath = (typeof POLICIES)[number]["path"];

interface PolicyPageProps {
  path: PolicyPath;
  /** One or two sentences under the heading: the policy in brief. */
  summary: string;
  children: React.ReactNode;
}

/**
 * The frame every policy page shares: its title and date, the other policies beside it, and how to
 * reach the shop at the foot. The page gives only its sections.
 */
export function PolicyPage({ path, summary, children }: PolicyPageProps) {
  const title = POLICIES.find((p) => p.path === path)?.name ?? "";
  const { email, phone, phoneHref, hours } = useStoreContact();
  return (
    <div className="help container">
      <header className="help__header">
        <p className="eyebrow">Policies</p>
        <h1>{title}</h1>
        <p className="help__updated">
          Last updated: <time dateTime={settings.policies.updated}>{policyUpdated}</time>
        </p>
        <p className="help__lead">{summary}</p>
      </header>
      <div className="help__layout">
        <nav className="help__nav" aria-label="Policies">
          <ul>
            {POLICIES.map((p) => (
              <li key={p.path}>
                <ShopLink to={p.path} aria-current={p.path === path ? "page" : undefined}>
                  {p.name}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className="help__body">
          {children}
          <section className="help__contact">
            <h2>Questions about this policy?</h2>
            <p>
              Write to us at <a href={`mailto:${email}`}>{email}</a> or call <a href={phoneHref}>{phone}</a> ({hours}). A real person from
              our Ghaziabad team will answer.
            </p>
          </section>
        </article>
      </div>
    </div>
  );
}
