import type { ComponentType } from "react";
import { settings } from "../../../workers/services/content/settings";
import { BlockPrintArt, EmbroideryArt, FabricsArt, QualityCheckArt, StitchingArt } from "../../components/brand/craft-art";
import { StoreVisit } from "../../components/brand/store-visit";
import { publicPageHeaders } from "../../lib/cache";
import { rootOrigin, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/manufacturing";

const { brand, store, policies } = settings;
const packing = policies.processingBusinessDays;

interface Step {
  title: string;
  Art: ComponentType;
  text: string[];
}

const STEPS: Step[] = [
  {
    title: "Fabrics",
    Art: FabricsArt,
    text: [
      "Everything starts with the cloth, because no amount of finishing can rescue a poor one. We choose cotton mulmul and cambric for everyday kurtis, rayon and georgette that fall softly for Anarkalis, and chanderi and silk blends for festive wear.",
      "Every roll is washed before it is cut, so we know how it shrinks and whether its colour holds, long before it reaches you.",
    ],
  },
  {
    title: "Block printing",
    Art: BlockPrintArt,
    text: [
      "Many of our prints begin as a pencil sketch and become carved wooden blocks. Our printers dip each block in colour and press it onto the cloth by hand, lining up every repeat by eye, one colour at a time.",
      "The printed lengths dry in the sun and are washed to fix the colour. Tiny differences from one repeat to the next are the mark of a hand at work, not a flaw.",
    ],
  },
  {
    title: "Embroidery",
    Art: EmbroideryArt,
    text: [
      "Necklines, yokes and borders go to our embroiderers for thread work, mirror work and, on festive pieces, a little zari. Each motif is traced onto the cloth, stretched in a hoop and worked stitch by stitch.",
      "We look at the back of the work as closely as the front: knots are tied off neatly so nothing catches or scratches when you wear it.",
    ],
  },
  {
    title: "Stitching",
    Art: StitchingArt,
    text: [
      "Our tailors cut every piece from our own graded patterns, tested on real bodies rather than on a chart alone. Seams are finished so they do not fray, hems are turned twice, and buttons and hooks are sewn on to stay.",
      "Linings go into sheer fabrics, and pockets go wherever a pocket belongs.",
    ],
  },
  {
    title: "Quality checks",
    Art: QualityCheckArt,
    text: [
      "Before anything is packed, each piece is measured against its size chart, turned inside out and checked in daylight for loose threads, uneven printing and stray marks. Anything that falls short goes back to the table.",
      `Pieces that pass are pressed, folded in tissue and packed within ${packing.min}-${packing.max} business days of your order.`,
    ],
  },
];

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function Manufacturing() {
  const { address } = store;
  return (
    <div className="brand-page">
      <section className="brand-hero" aria-labelledby="making-title">
        <div className="container brand-hero__inner brand-hero__inner--text">
          <p className="eyebrow">Made in {address.city}</p>
          <h1 id="making-title">How our clothes are made</h1>
          <p className="brand-hero__lead">
            Every {brand.name} piece passes through several pairs of skilled hands in and around our workshop. Here is the journey from a
            bolt of cloth to the parcel at your door.
          </p>
        </div>
      </section>

      <section className="section container" aria-label="From fabric to finished piece">
        <ol className="craft-steps">
          {STEPS.map(({ title, Art, text }, i) => (
            <li key={title} className="craft-step">
              <div className="craft-step__art">
                <Art />
              </div>
              <div className="craft-step__text">
                <p className="craft-step__number" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </p>
                <h2>{title}</h2>
                {text.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="section brand-band brand-visit" aria-labelledby="visit-title">
        <div className="container">
          <StoreVisit title="See the work up close" other={{ to: "/about-us", label: "Our Story" }}>
            Our store sits in front of the workshop. Come and feel the fabrics, and ask us anything about how a piece was made.
          </StoreVisit>
        </div>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: "How Our Clothes Are Made",
    description: `From fabric to finished piece: how ${brand.name} chooses its cloth, block prints, embroiders, stitches and checks every garment in ${store.address.city}.`,
    origin: rootOrigin(matches),
    path: "/manufacturing",
  });
};
