import { describe, expect, it } from "vitest";
import { escapeHtml, html, SafeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes the five characters that can change markup", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
  });
  it("escapes an ampersand once, so an entity in user text stays visible as typed", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
  it("leaves ordinary text, rupees and Hindi alone", () => {
    expect(escapeHtml("₹1,49,990.00 — नमस्ते")).toBe("₹1,49,990.00 — नमस्ते");
  });
});

describe("html", () => {
  it("escapes every interpolated string", () => {
    const name = "<script>alert(1)</script>";
    expect(html`<p>Hello ${name}</p>`.value).toBe("<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
  it("escapes quotes, so a value cannot leave its attribute", () => {
    const href = `https://shop.test/" onmouseover="alert(1)`;
    expect(html`<a href="${href}">x</a>`.value).toBe(`<a href="https://shop.test/&quot; onmouseover=&quot;alert(1)">x</a>`);
  });
  it("keeps nested html as markup without escaping it twice", () => {
    const inner = html`<strong>${"A & B"}</strong>`;
    expect(html`<p>${inner}</p>`.value).toBe("<p><strong>A &amp; B</strong></p>");
  });
  it("renders arrays by joining their parts, escaping the strings among them", () => {
    const items = ["<i>", "b"];
    expect(html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.value).toBe("<ul><li>&lt;i&gt;</li><li>b</li></ul>");
    expect(html`${["<", html`<br>`, [">", 1]]}`.value).toBe("&lt;<br>&gt;1");
  });
  it("prints numbers and drops null, undefined and false", () => {
    expect(html`${3} ${0} [${null}${undefined}${false}]`.value).toBe("3 0 []");
  });
  it("does not trust a plain object that merely looks like SafeHtml", () => {
    const fake = { value: "<b>x</b>", toString: () => "<b>x</b>" } as unknown as SafeHtml;
    expect(html`${fake}`.value).toBe("&lt;b&gt;x&lt;/b&gt;");
  });
  it("returns SafeHtml whose string form is its markup", () => {
    const out = html`<br>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(String(out)).toBe("<br>");
    expect(`${out}`).toBe("<br>");
  });
  it("keeps the literal parts exactly as written", () => {
    expect(html`a&b <c>`.value).toBe("a&b <c>");
    expect(html``.value).toBe("");
  });
});
