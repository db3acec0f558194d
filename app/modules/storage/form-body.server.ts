import { readForm } from "~/lib/form.server";

/**
 * Reads a form post that may carry one file, holding at most `maxFileBytes` plus a little room for
 * the text fields in memory, whatever the client sends or claims.
 *
 * A body over the limit is not parsed in full: the parts that arrived complete are kept (the file
 * input is the last field of the product form, so every text field comes before it) and the file
 * is reported as too large. The rest of the body is read and thrown away, so the browser gets the
 * page back instead of a reset connection, up to DISCARD_LIMIT, past which the connection is cut.
 */
const FIELD_ALLOWANCE = 256 * 1024;
const DISCARD_LIMIT = 64 * 1024 * 1024;

export interface FormWithFile {
  form: FormData;
  file: { bytes: Uint8Array; name: string } | null;
  fileTooLarge: boolean;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number) {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  if (!body) return { bytes: new Uint8Array(0), truncated };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.length;
    if (!truncated && kept + value.length <= limit) {
      chunks.push(value);
      kept += value.length;
      continue;
    }
    if (!truncated) {
      truncated = true;
      const room = limit - kept;
      if (room > 0) {
        chunks.push(value.subarray(0, room));
        kept += room;
      }
    }
    if (seen > DISCARD_LIMIT) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  return { bytes: concat(chunks, kept), truncated };
}

/** The form of a post read to at most `limit` bytes; past it, the complete parts that arrived (see above). */
async function readBoundedForm(request: Request, limit: number): Promise<{ form: FormData; truncated: boolean }> {
  const contentType = request.headers.get("content-type") ?? "";
  const { bytes, truncated } = await readLimited(request.body, limit);
  const boundary = contentType.toLowerCase().startsWith("multipart/form-data") ? boundaryOf(contentType) : null;

  let body: Uint8Array = bytes;
  if (truncated) {
    if (!boundary) return { form: new FormData(), truncated };
    // Keep the complete parts: cut at the start of the last (unfinished) part and close the body there.
    const cut = lastIndexOf(bytes, new TextEncoder().encode(`\r\n--${boundary}`));
    if (cut < 0) return { form: new FormData(), truncated };
    const closing = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    body = concat([bytes.subarray(0, cut), closing], cut + closing.length);
  }

  // Parsed like readForm: a body that is no form at all is the same 400.
  const form = await readForm(new Request("http://form.body/", { method: "POST", body: body as BodyInit, headers: { "content-type": contentType || "application/x-www-form-urlencoded" } }));
  return { form, truncated };
}

export async function readFormWithFile(request: Request, { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number }): Promise<FormWithFile> {
  const { form, truncated } = await readBoundedForm(request, maxFileBytes + FIELD_ALLOWANCE);
  const entry = form.get(fileField);
  form.delete(fileField);
  if (truncated) return { form, file: null, fileTooLarge: true };
  if (!entry || typeof entry === "string" || entry.size === 0) return { form, file: null, fileTooLarge: false };
  if (entry.size > maxFileBytes) return { form, file: null, fileTooLarge: true };
  return { form, file: { bytes: new Uint8Array(await entry.arrayBuffer()), name: entry.name }, fileTooLarge: false };
}

export interface FormWithFiles {
  form: FormData;
  files: { bytes: Uint8Array; name: string }[];
  /** Some file was over `maxFileBytes`, or the body over all of them together. */
  fileTooLarge: boolean;
  /** More than `maxFiles` were sent. */
  tooMany: boolean;
}

/**
 * Reads a form post that may carry up to `maxFiles` files in one field (a return's photos), with
 * the same bounds as readFormWithFile: at most `maxFiles × maxFileBytes` and a little room for the
 * text fields is held in memory, and the file field comes last in the form.
 */
export async function readFormWithFiles(
  request: Request,
  { fileField, maxFiles, maxFileBytes }: { fileField: string; maxFiles: number; maxFileBytes: number },
): Promise<FormWithFiles> {
  const { form, truncated } = await readBoundedForm(request, maxFiles * maxFileBytes + FIELD_ALLOWANCE);
  const entries = form.getAll(fileField).filter((e): e is File => typeof e !== "string" && e.size > 0);
  form.delete(fileField);
  const tooMany = entries.length > maxFiles;
  const fileTooLarge = truncated || entries.some((e) => e.size > maxFileBytes);
  if (tooMany || fileTooLarge) return { form, files: [], fileTooLarge, tooMany };
  const files = await Promise.all(entries.map(async (e) => ({ bytes: new Uint8Array(await e.arrayBuffer()), name: e.name })));
  return { form, files, fileTooLarge: false, tooMany: false };
}
