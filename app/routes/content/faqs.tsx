import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { shopSettings } from "../../../workers/services/content/shop-settings";
import { DEFAULT_TOPIC, faqTopics, NO_FAQS } from "../../components/faq/faq-topics";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { jsonLd, rootOrigin, seoMeta } from "../../lib/seo";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/faqs";

const PATH = "/faqs";

const topicPath = (slug: string) => (slug === DEFAULT_TOPIC ? PATH : `${PATH}?topic=${slug}`);

/**
 * The chosen topic (`?topic=`, the first by default) with its answers, written from the shop's live
 * money rules and settings. A topic the FAQ does not have is a 404, like any other unknown address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("topic") || DEFAULT_TOPIC;
  const topics = faqTopics(await shopSettings(context.services));
  const topic = topics.find((t) => t.slug === slug);
  if (!topic) throw data("FAQ topic not found.", { status: 404, statusText: "Not Found" });
  return { topics: topics.map(({ slug, name }) => ({ slug, name, href: topicPath(slug) })), topic };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { topics, topic } = loaderData;
  const { email, phone, phoneHref, hours } = useStoreContact();
  return (
    <div className="help container">
      <header className="help__header">
        <p className="eyebrow">Help</p>
        <h1>Frequently Asked Questions</h1>
        <p className="help__lead">Quick answers about ordering, delivery, returns and caring for your pieces. Choose a topic to begin.</p>
      </header>
      <div className="help__layout">
        <nav className="help__nav" aria-label="FAQ topics">
          <ul>
            {topics.map((t) => (
              <li key={t.slug}>
                <ShopLink to={t.href} aria-current={t.slug === topic.slug ? "page" : undefined} preventScrollReset>
                  {t.name}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="help__body" aria-labelledby="faq-topic">
          <h2 id="faq-topic">{topic.name}</h2>
          {topic.entries.length > 0 ? (
            // Keyed by topic: another topic starts with every question closed.
            <div className="faq-list" key={topic.slug}>
              {topic.entries.map((entry) => (
                // Native exclusive accordion: details sharing a name close each other, without JavaScript.
                <details key={entry.question} name={`faq-${topic.slug}`} className="faq">
                  <summary>{entry.question}</summary>
                  <p>{entry.answer}</p>
                </details>
              ))}
            </div>
          ) : (
            <p className="faq-empty">{NO_FAQS}</p>
          )}
          <aside className="help__contact" aria-labelledby="faq-ask">
            <h2 id="faq-ask">Still have a question?</h2>
            <p>
              Write to <a href={`mailto:${email}`}>{email}</a>, call <a href={phoneHref}>{phone}</a> ({hours}) or send us an{" "}
              <ShopLink to="/enquiry-us">enquiry</ShopLink>. We are happy to help.
            </p>
          </aside>
        </section>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = rootOrigin(matches);
  const topic = loaderData?.topic;
  if (!topic) return [];
  const path = topicPath(topic.slug);
  const seo = seoMeta({
    title: topic.slug === DEFAULT_TOPIC ? "FAQs" : `${topic.name} FAQs`,
    description: `Answers from ${settings.brand.name} about ${topic.name.toLowerCase()}: ordering, payment, delivery across India, returns and caring for your ethnic wear.`,
    origin,
    path,
  });
  if (topic.entries.length === 0) return seo;
  return [
    ...seo,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: origin + path,
      mainEntity: topic.entries.map((e) => ({
        "@type": "Question",
        name: e.question,
        acceptedAnswer: { "@type": "Answer", text: e.answer },
      })),
    }),
  ];
};
