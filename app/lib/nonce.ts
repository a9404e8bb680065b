// The response's CSP nonce for components that render their own <script> (root.tsx, JSON-LD).
// entry.server.tsx provides it while rendering on the server; in the browser there is none and
// none is needed: the scripts are already in the document, and browsers hide the nonce
// attribute's value from the DOM, so hydration has nothing to compare.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
