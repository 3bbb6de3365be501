import { DEFAULT_STORE_CONTACT, type StoreContact } from "../../workers/services/content/shop-settings.rules";
import { useRootData } from "./root-data";

/**
 * The promo line and the store's address, hours, e-mail and phone as the owner set them (the root
 * loader reads them with the page's reads); the defaults when the root loader has no data (an error
 * page while the database is down).
 */
export function useStoreContact(): StoreContact {
  return useRootData()?.store ?? DEFAULT_STORE_CONTACT;
}
