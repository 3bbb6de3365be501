import { useRouteLoaderData } from "react-router";
import type { rootData } from "./root-data.server";

/** The root loader's data (the shopper's counts, the store's contact, the year), as any component reads it. */
export const useRootData = () => useRouteLoaderData<typeof rootData>("root");
