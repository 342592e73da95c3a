// A static app: every page is prerendered, the cluster itself only starts in the browser.
export const prerender = true;
export const trailingSlash = 'never';
