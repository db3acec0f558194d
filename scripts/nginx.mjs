// The nginx the proxy-cache browser test puts in front of the shop: Debian's (nginx-light), or
// NGINX_PATH. See tests/e2e/proxy-cache.spec.ts.

export const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";
