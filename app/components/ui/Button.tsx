import { type LinkProps } from "react-router";
import { Link } from "~/lib/route-links";
import type { ButtonHTMLAttributes } from "react";

/** The shop's buttons: variants pink, secondary, outline, danger; sizes sm, md, lg. */
export type ButtonVariant = "pink" | "secondary" | "outline" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

// Each variant and size is one class of app.css (`.btn` and its kin), not its utilities spelled out:
// a listing repeats its buttons on every card (docs/decisions/026-lighter-render.md).
export function buttonClass(variant: ButtonVariant = "pink", size: ButtonSize = "md", extra = ""): string {
  return extra ? `btn btn-${variant} btn-${size} ${extra}` : `btn btn-${variant} btn-${size}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = "pink", size = "md", className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant = "pink", size = "md", className = "", ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
