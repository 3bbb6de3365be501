import type { Route } from "./+types/home";
import { listProducts } from "../../workers/services/catalog";

export async function loader({ context }: Route.LoaderArgs) {
  const products = await listProducts(context.services, { limit: 4 });
  return { products: products.map((p) => ({ id: p.id, name: p.name })) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Aanchal</h1>
      <ul>{loaderData.products.map((p) => <li key={p.id}>{p.name}</li>)}</ul>
    </main>
  );
}
