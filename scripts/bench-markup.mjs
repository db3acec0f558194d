// The ceiling of a page's render, for `npm run bench`: React alone (renderToPipeableStream on plain
// node:http, as the floor) writing the exact markup the shop served for that page, rebuilt as
// elements on every request as components would. No router, loader, database, session or
// compression: what any render of that markup costs at the least. A page of the shop cannot be
// rendered faster than this row unless it writes less markup.
// Run as `NODE_ENV=production node scripts/bench-markup.mjs <page.html> <port>`; prints
// "listening" when ready.
import fs from "node:fs";
import { createElement } from "react";
import { serveReact } from "./bench-react.mjs";

if (process.env.NODE_ENV !== "production") throw new Error("run with NODE_ENV=production: React's development build is several times slower");

const [file, port] = process.argv.slice(2);
const html = fs.readFileSync(file, "utf8").replace(/^<!DOCTYPE html>/i, "");

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style"]);
const REACT_NAMES = { class: "className", for: "htmlFor", charset: "charSet", tabindex: "tabIndex", fetchpriority: "fetchPriority", autocomplete: "autoComplete" };
const ENTITIES = { "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };
const decode = (s) => s.replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (e) => ENTITIES[e]);

/** `style="a:b;c-d:e"` as React's object form. */
function styleObject(text) {
  const style = {};
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 1) continue;
    const name = declaration.slice(0, colon).trim();
    style[name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = declaration.slice(colon + 1).trim();
  }
  return style;
}

/** React's server output, read back into plain nodes: a string, or { type, props, children }. */
function parse(source) {
  let at = 0;
  function children() {
    const nodes = [];
    while (at < source.length) {
      if (source.startsWith("</", at)) {
        at = source.indexOf(">", at) + 1;
        return nodes;
      }
      if (source.startsWith("<!--", at)) {
        at = source.indexOf("-->", at) + 3; // React's separator between two texts: it writes it again
        continue;
      }
      if (source[at] !== "<") {
        const next = source.indexOf("<", at);
        const end = next === -1 ? source.length : next;
        nodes.push(decode(source.slice(at, end)));
        at = end;
        continue;
      }
      const tag = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(source.slice(at, at + 64));
      const type = tag[1];
      at += tag[0].length;
      const props = {};
      const attribute = /\s*([^\s=>/]+)(?:="([^"]*)")?/y;
      for (;;) {
        attribute.lastIndex = at;
        const a = attribute.exec(source);
        if (!a) break;
        at = attribute.lastIndex;
        const value = a[2] === undefined ? "" : decode(a[2]);
        if (a[1] === "style") props.style = styleObject(value);
        else props[REACT_NAMES[a[1]] ?? a[1]] = value;
      }
      at = source.indexOf(">", at) + 1;
      if (type === "link" && props.rel === "preload" && props.as === "image") {
        // React writes these itself, for the images it renders.
      } else if (VOID.has(type)) {
        nodes.push({ type, props, children: [] });
      } else if (RAW_TEXT.has(type)) {
        const end = source.indexOf(`</${type}>`, at);
        props.dangerouslySetInnerHTML = { __html: source.slice(at, end) };
        at = end + type.length + 3;
        nodes.push({ type, props, children: [] });
      } else {
        nodes.push({ type, props, children: children() });
      }
    }
    return nodes;
  }
  return children();
}

const [page] = parse(html);
const build = (node, key) => (typeof node === "string" ? node : createElement(node.type, { ...node.props, key }, ...node.children.map(build)));

serveReact(port, () => build(page));
