// The one Chromium every browser tool of the project drives: Debian's, never a downloaded one
// (CHROME_PATH points elsewhere), with the flags these shared, offline machines need.

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** No sandbox (root in a container), no GPU, no small /dev/shm, and nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
