import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Form } from "~/lib/route-links";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/Button";

type Intent = "disable" | "enable" | "approve" | "reject";

/**
 * One admin decision about a user (disable, enable) or a vendor (approve, reject) as a form of its
 * own, so it posts without JavaScript; every such button waits while any of them is submitting.
 */
export function UserActionButton({
  intent,
  id,
  size,
  variant,
  children,
}: {
  intent: Intent;
  /** the user's id for disable/enable, the vendor's for approve/reject */
  id: string;
  size?: ButtonSize;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={intent === "approve" || intent === "reject" ? "vendorId" : "userId"} value={id} />
      <Button type="submit" size={size} variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}
