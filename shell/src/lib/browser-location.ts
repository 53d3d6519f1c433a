/** Leaves the single-page app for another URL (the external sign-in flow); tests replace this module. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
