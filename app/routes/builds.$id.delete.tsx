import { data, redirect } from "react-router";
import { dbContext } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { statusFor } from "~/lib/outcome";
import { SAVED_BUILD_MESSAGES } from "~/modules/builds/saved-build";
import { deleteBuild } from "~/modules/builds/saved-builds.server";
import { requireUser } from "~/modules/identity/guards.server";
import type { Route } from "./+types/builds.$id.delete";

/** Deletes one of the signed-in customer's saved builds; someone else's answers as if there were none. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const result = await deleteBuild(args.context.get(dbContext), user.id, args.params.id);
  if (!result.ok) throw data(result.message, { status: statusFor(result.reason) });
  throw redirect("/builds", { headers: await flashHeaders(SAVED_BUILD_MESSAGES.deleted(result.name)) });
}

export async function loader() {
  throw redirect("/builds");
}
