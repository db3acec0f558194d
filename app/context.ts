import { createContext } from "react-router";
import type { Database } from "~/db/schema";
import type { Kysely } from "kysely";

/** The database handle, set once per request by the server (server/app.ts) and by tests. */
export const dbContext = createContext<Kysely<Database>>();
