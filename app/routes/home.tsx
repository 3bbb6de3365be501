import { Link } from "react-router";
import { listProducts } from "../../workers/services/catalog";
import { settings } from "../../workers/services/settings";
import { ProductCard } from "../components/product-card";
import { toProductCard } from "../lib/product-card.server";
import type { Route } from "./+types/home";
import "../styles/home.css";

const HERO_IMAGE = "/media/banners/hero-1.svg";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const products = await listProducts(context.services, { limit: settings.catalogue.featuredCount });
    return { featured: products.map(toProductCard), failed: false };
  } catch (error) {
    console.error("Home: featured products failed to load", error);
    return { featured: [], failed: true };
  }
}

export const links: Route.LinksFunction = () => [{ rel: "preload", as: "image", href: HERO_IMAGE }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, failed } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__media">
          <img src={HERO_IMAGE} alt="" width={1600} height={700} {...{ fetchpriority: "high" }} />
        </div>
        <div className="hero__content container">
          <p className="eyebrow">{settings.brand.tagline}</p>
          <h1 id="hero-title">Ethnic wear for every celebration</h1>
          <p className="hero__lead">
            Kurtis, Anarkalis, dresses and sarees in soft fabrics and festive colours, cut and finished in our own
            workshop.
          </p>
          <div className="button-row">
            <Link to="/all-products" className="button button--primary">
              Shop Now
            </Link>
            <Link to="/about-us" className="button button--secondary">
              Our Story
            </Link>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="featured-title">
        <header className="section-heading">
          <h2 id="featured-title">Featured Products</h2>
          <p>Hand-picked favourites from the newest arrivals</p>
        </header>
        {failed ? (
          <p className="notice notice--error">Failed to load products</p>
        ) : (
          <div className="product-grid">
            {featured.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
        <div className="button-row button-row--center">
          <Link to="/all-products" className="button button--secondary">
            View All Products
          </Link>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => {
  const { name, tagline } = settings.brand;
  return [
    { title: `${name} | ${tagline}` },
    {
      name: "description",
      content: `${name}: kurtis, Anarkalis, dresses and sarees, ${tagline.charAt(0).toLowerCase()}${tagline.slice(1)}.`,
    },
  ];
};
