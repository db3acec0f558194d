import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "./roles";

/** The signed-in user (or null), as the root loader read it. */
export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user: SessionUser | null } | undefined;
  return data?.user ?? null;
}
