import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import appRoutes from "~/routes";

/**
 * The shop's own routes (app/routes.ts) as the build holds them, each with its module (`handle`,
 * `headers`): what the server's tests match is what the route modules declare.
 */
export async function shopRoutes(): Promise<ServerBuild["routes"]> {
  const routes: ServerBuild["routes"] = {};
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as NonNullable<ServerBuild["routes"][string]>["module"];
      routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
      if (entry.children) await add(entry.children, id);
    }
  };
  routes.root = { id: "root", path: "", module: {} as never };
  await add(appRoutes, "root");
  return routes;
}
