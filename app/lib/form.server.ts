import { data } from "react-router";
import { formValues, type FormValues } from "./form";

/** Said when a post's body cannot be read as a form (wrong content type, no boundary, cut short). */
export const UNREADABLE_FORM = "We couldn't read that form. Please go back, reload the page and try again.";

/** The 400 answer to a body that is not a readable form, thrown from an action like a 404 is. */
export function unreadableForm() {
  return data(UNREADABLE_FORM, { status: 400 });
}

/**
 * The one way an action reads its post (decision 011). The server's body guard refuses most
 * malformed bodies before React Router; whatever still cannot be parsed here is a 400, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}

/** readForm, as plain strings (the first value of each name). */
export async function readFormValues(request: Request): Promise<FormValues> {
  return formValues(await readForm(request));
}
