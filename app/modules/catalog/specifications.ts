/** "graphicsCard" → "Graphics Card", "ramSize" → "Ram Size", "usb_c_ports" → "Usb C Ports". */
export function specificationLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

export type Specifications = Record<string, string>;

/** Reads the stored JSON; anything unreadable becomes an empty map rather than breaking the page. */
export function parseSpecifications(json: string): Specifications {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Specifications = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v);
    }
    return out;
  } catch {
    return {};
  }
}
