/** The address e-reader apps add as an OPDS catalogue: this store's /opds, as the browser reaches it. */
export function opdsAddress(): string {
  return `${window.location.origin}/opds`;
}
