import { useEffect, type RefObject } from "react";
import { useFormAction, useNavigation } from "react-router";

type Reply = { status: "error" | "success" } | null | undefined;

/**
 * What every form does with its action's answer (decision 011), instead of re-creating its
 * fields: after a refusal, focus moves to the first invalid field (or, when only the form as a
 * whole was refused, to its first field), and what was typed stays, except the fields named in
 * `clearOnError` (a sign-in form empties a refused password); `resetOnSuccess` clears a form whose
 * post succeeded without leaving the page. Runs once per answer.
 */
export function useFormReply(
  formRef: RefObject<HTMLFormElement | null>,
  reply: Reply,
  { resetOnSuccess = false, clearOnError = [] }: { resetOnSuccess?: boolean; clearOnError?: readonly string[] } = {},
) {
  useEffect(() => {
    const form = formRef.current;
    if (!form || !reply) return;
    if (reply.status === "success") {
      if (resetOnSuccess) form.reset();
      return;
    }
    for (const name of clearOnError) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    target?.focus();
    // Only a new answer moves focus; re-renders of the same one leave the person where they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);
}

/**
 * Whether this route's form (or the form posting to `formAction`) is on its way: one answer to
 * "is this form busy?" for every page, after Epic Stack's useIsPending.
 */
export function useIsPending({ formAction, formMethod = "POST", state = "submitting" }: { formAction?: string; formMethod?: string; state?: "submitting" | "non-idle" } = {}): boolean {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  const active = state === "non-idle" ? navigation.state !== "idle" : navigation.state === "submitting";
  return active && navigation.formMethod?.toUpperCase() === formMethod && navigation.formAction === (formAction ?? ownAction);
}
