import { createContext, useContext } from "react";

/** The request's CSP nonce, set on the server; empty in the browser, where it is no longer needed. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
