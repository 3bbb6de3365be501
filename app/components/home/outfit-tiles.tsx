import { ShopLink } from "../shop-link";

/** What a category tile shows; built on the server from the category list. */
export interface OutfitTile {
  id: number;
  name: string;
  href: string;
  icon: string;
  productCount: number;
}

/** Round category tiles: "shop by outfit". A category without products says so instead of a count. */
export function OutfitTiles({ tiles }: { tiles: OutfitTile[] }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list semantics of a ul styled with list-style: none; the role restores them
    <ul className="outfit-tiles" role="list">
      {tiles.map((tile) => (
        <li key={tile.id}>
          <ShopLink to={tile.href} className="outfit-tile">
            <img src={tile.icon} alt="" width={400} height={400} loading="lazy" decoding="async" />
            <span className="outfit-tile__name">{tile.name}</span>
            <span className="outfit-tile__count">
              {tile.productCount > 0 ? `${tile.productCount} ${tile.productCount === 1 ? "style" : "styles"}` : "Coming soon"}
            </span>
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}
