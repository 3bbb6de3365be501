import { useRef } from "react";
import { data, useNavigation } from "react-router";
import { getCatalogPage } from "../../../workers/services/catalog/catalog-pages";
import { settings } from "../../../workers/services/content/settings";
import { shopSettings } from "../../../workers/services/content/shop-settings";
import { AppError } from "../../../workers/services/platform/errors";
import { ComingSoonScreen } from "../../components/catalog/coming-soon-screen";
import { type LaunchCountdown, launchCountdown } from "../../components/catalog/launch.server";
import { LISTING_PATH } from "../../components/catalog/listing-url";
import { ProductGrid } from "../../components/catalog/product-grid";
import { SeeMore } from "../../components/catalog/see-more";
import { useListingFocus } from "../../components/catalog/use-listing-focus";
import type { ProductCardData } from "../../components/product-card";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { toProductCard } from "../../lib/product-card.server";
import { rootOrigin, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/category";

interface CategoryData {
  category: { id: number; name: string; icon: string };
  page: number;
  products: ProductCardData[];
  hasMore: boolean;
  total: number;
  /** Only for an empty category, which shows the coming-soon screen. */
  countdown: LaunchCountdown | null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") || undefined;
  let result: Awaited<ReturnType<typeof getCatalogPage>>;
  try {
    result = await getCatalogPage(context.services, { category: params.categoryId, page });
  } catch (error) {
    // An unknown id (404) or one that is not an id at all (400, `/category/abc`): no such page.
    if (error instanceof AppError) throw data(null, { status: 404 });
    throw error;
  }
  const { category } = result;
  if (!category) throw data(null, { status: 404 });
  return {
    category: { id: category.id, name: category.name, icon: category.icon },
    page: result.query.page,
    products: result.products.map(toProductCard),
    hasMore: result.hasMore,
    total: result.total,
    countdown: result.total === 0 ? launchCountdown(context.services.now(), (await shopSettings(context.services)).launchDate) : null,
  } satisfies CategoryData;
}

/** The same for every signed-out shopper: kept at the edge (a failure or a 404 is never stored). */
export const headers: Route.HeadersFunction = publicPageHeaders;

export const handle = { failure: "Failed to load products for this category" };

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, page, products, hasMore, total, countdown } = loaderData;
  const navigation = useNavigation();
  const grid = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useListingFocus(grid, heading);

  const viewAll = (style: "primary" | "secondary") => (
    <ShopLink to={LISTING_PATH} className={`button button--${style}`}>
      View All Products
    </ShopLink>
  );

  if (countdown) {
    return (
      <ComingSoonScreen eyebrow={category.name} countdown={countdown} actions={viewAll("primary")}>
        <p>Our {category.name} are still on the cutting table. They will be here soon, finished by hand in Ghaziabad.</p>
      </ComingSoonScreen>
    );
  }

  const path = `/category/${category.id}`;
  const loadingMore = navigation.state === "loading" && navigation.location.pathname === path;

  return (
    <section className="listing container" aria-labelledby="listing-title">
      <header className="listing__header">
        <div className="category-header">
          <span className="category-header__art">
            <img src={category.icon} alt="" width={400} height={400} />
          </span>
          <div>
            <p className="eyebrow">Category</p>
            <h1 id="listing-title" ref={heading} tabIndex={-1}>
              {category.name}
            </h1>
            <p className="listing__count">
              {total} {total === 1 ? "product" : "products"}
            </p>
          </div>
        </div>
        {viewAll("secondary")}
      </header>
      <ProductGrid ref={grid} products={products} />
      <SeeMore href={`${path}?page=${page + 1}`} shown={products.length} total={total} hasMore={hasMore} loading={loadingMore} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const category = loaderData?.category;
  const { name } = settings.brand;
  if (!category) return [{ title: `Products | ${name}` }];
  return seoMeta({
    title: category.name,
    description: `${category.name} at ${name}: handcrafted ethnic wear in soft fabrics and festive colours, made with care in Ghaziabad.`,
    origin: rootOrigin(matches),
    path: `/category/${category.id}`,
    image: category.icon,
  });
};
