// The proxy-cache browser test runs Debian's nginx in front of the shop. Installs it when missing and we may.
import { NGINX_PATH } from "./nginx.mjs";
import { ensureDebianPackages } from "./debian-packages.mjs";

ensureDebianPackages({
  tools: [{ name: "nginx", executable: NGINX_PATH, pkg: "nginx-light" }],
  purpose: "The proxy-cache browser test needs it.",
  override: "NGINX_PATH",
  retry: "run npm test again",
});
