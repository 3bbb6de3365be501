import { settings } from "../../../workers/services/content/settings";
import { indiaDate } from "../../../workers/services/platform/india-time.rules";
import { WorkshopArt } from "../../components/brand/craft-art";
import { StoreVisit } from "../../components/brand/store-visit";
import { publicPageHeaders } from "../../lib/cache";
import { rootOrigin, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/about-us";

const { brand, store } = settings;

const FOUNDERS = [
  {
    name: "Meenakshi Tyagi",
    role: "Co-founder, cutting and fit",
    words:
      "My mother ran a tailoring counter from our front room, and I learnt to thread a needle before I learnt to ride a cycle. What she taught me was simple: a kurti should feel easy on the first wear and better on the fiftieth. I still drape every new pattern on myself before our tailors cut it.",
  },
  {
    name: "Farah Siddiqui",
    role: "Co-founder, prints and fabrics",
    words:
      "I spent years sampling prints for an export house, watching beautiful cloth leave India with someone else's label on it. When Meenakshi showed me her sketches, I knew which printers and weavers I wanted to bring along. Most of our blocks are carved from drawings I made at our kitchen table.",
  },
] as const;

const VALUES = [
  {
    title: "Quality",
    text: "We choose cloth that softens with every wash rather than cloth that pills, turn our hems twice and finish every seam so it never scratches. A piece that falls short of our checks does not leave the workshop.",
  },
  {
    title: "Customer happiness",
    text: "When you write or call, a person from our team answers, not a script. If a size or a colour is not what you hoped for, tell us: we would much rather make it right than simply make a sale.",
  },
  {
    title: "Innovation",
    text: "Old crafts, fresh ideas: deep pockets in our Anarkalis, tie-backs that adjust the fit, co-ord sets that travel well, and new prints drawn by hand every season instead of copied from a catalogue.",
  },
  {
    title: "Conscious sourcing",
    text: "We buy from mills and printers we have visited ourselves, ask about the dyes they use, and lay out our patterns to waste as little cloth as we can. The offcuts become potlis, scrunchies and gift wraps.",
  },
  {
    title: "Community",
    text: "Our tailors, printers and embroiderers live a short ride from the workshop. We pay fair wages on time, keep working hours to daylight, and train young women from the neighbourhood who want to learn the trade.",
  },
  {
    title: "Trust and transparency",
    text: "The price on the tag is the price you pay, the delivery charge is shown before you place an order, and our policies are written in plain words. If we get something wrong, we say so and put it right.",
  },
] as const;

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function AboutUs() {
  const { address } = store;
  return (
    <div className="brand-page">
      <section className="brand-hero" aria-labelledby="about-title">
        <div className="container brand-hero__inner">
          <div>
            <p className="eyebrow">Our Story</p>
            <h1 id="about-title">Two friends, one workshop and a love of good cloth</h1>
            <p className="brand-hero__lead">
              {brand.name} is a small, family-run label of ethnic wear for women: kurtis, Anarkalis, dresses and sarees, designed and
              finished by hand in {address.city}.
            </p>
          </div>
          <WorkshopArt />
        </div>
      </section>

      <section className="section container brand-journey" aria-labelledby="journey-title">
        <header className="section-heading">
          <h2 id="journey-title">Our Journey</h2>
          <p>How a dining table became a workshop</p>
        </header>
        <div className="brand-prose">
          <p>
            {brand.name} began with two sewing machines, a roll of soft mulmul and a dining table in {address.city}. Meenakshi had the
            patterns and the patience; Farah had the prints and a little notebook of every weaver and block carver she had ever trusted. We
            met at a block-printing class, argued happily about colours all afternoon, and by the end of the week we were planning a label.
          </p>
          <p>
            Our first pieces were kurtis for friends, aunts and neighbours, who came back with honest notes: a neckline too deep, a sleeve
            too tight, a print they wanted in blue. We listened, changed our patterns and cut again. Word spread across the colony, then
            across the city, and the dining table gave way to a proper workshop with tailors, printers and embroiderers of our own.
          </p>
          <p>
            We named the label after the aanchal, the decorated end of a saree: the part that is worked with the most care, and the part
            everyone notices. Our online shop opened on <time dateTime={settings.launchDate}>{indiaDate(settings.launchDate)}</time>, so
            that women far from {address.city} could wear what our neighbours had been wearing all along.
          </p>
        </div>
        <div className="brand-founders">
          {FOUNDERS.map((founder) => (
            <figure key={founder.name} className="brand-founder">
              <blockquote>
                <p>{founder.words}</p>
              </blockquote>
              <figcaption>
                <strong>{founder.name}</strong>
                <span>{founder.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="section brand-band" aria-labelledby="values-title">
        <div className="container">
          <header className="section-heading">
            <h2 id="values-title">What We Believe In</h2>
            <p>Six promises we keep in every stitch</p>
          </header>
          {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops the list semantics of a ul styled with list-style: none; the role restores them */}
          <ul className="brand-values" role="list">
            {VALUES.map((value) => (
              <li key={value.title} className="brand-value">
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section container brand-visit" aria-labelledby="visit-title">
        <StoreVisit title="Come and see us" other={{ to: "/manufacturing", label: "How we make our clothes" }}>
          Our store sits in front of the workshop, so you can feel the fabrics, try a size and meet the people who made what you are
          wearing.
        </StoreVisit>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: "About Us",
    description: `Meet the two founders of ${brand.name}, a family-run ethnic-wear label from ${store.address.city}, and the six values behind every kurti, Anarkali and saree we make.`,
    origin: rootOrigin(matches),
    path: "/about-us",
  });
};
