import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type";

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe("detectImageType", () => {
  it("recognises JPEG, PNG and WebP by their first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toEqual({ ext: "jpg", mime: "image/jpeg" });
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toEqual({ ext: "png", mime: "image/png" });
    expect(detectImageType(bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")))).toEqual({ ext: "webp", mime: "image/webp" });
  });

  it("refuses SVG, GIF, other RIFF files, text and truncated signatures", () => {
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(bytes(...ascii("GIF89a"), 1, 0))).toBeNull();
    expect(detectImageType(bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVEfmt ")))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("just some text, named photo.png"))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
  });
});
