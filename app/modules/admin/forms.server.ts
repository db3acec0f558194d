import { z } from "zod";
import { formValues } from "~/lib/form";
import { pageNumber, searchText } from "~/lib/list-query";
import { ROLES, type Role } from "~/modules/identity/roles";
import { parseNotice, type AdminNotice } from "./labels";

const MAX_PAGE = 10_000;
const MAX_SEARCH = 100;

const page = pageNumber(MAX_PAGE);

// A list link never fails: an unknown role is every role, a bad page is page 1, a long search is cut.
const userListSchema = z.object({
  q: searchText(MAX_SEARCH),
  role: z.enum(ROLES).nullish().catch(null).transform((r) => r ?? null),
  page,
});

export interface UserListQuery {
  q: string;
  role: Role | null;
  page: number;
}

export function parseUserListQuery(params: URLSearchParams): UserListQuery {
  return userListSchema.parse({ q: params.get("q"), role: params.get("role") || null, page: params.get("page") ?? 1 });
}

export function parsePage(params: URLSearchParams): number {
  return page.parse(params.get("page") ?? 1);
}

const id = z.string().trim().min(1).max(200);

/** What the user and vendor forms of the admin panel may post. */
const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("disable"), userId: id }),
  z.object({ intent: z.literal("enable"), userId: id }),
  z.object({ intent: z.literal("approve"), vendorId: id }),
  z.object({ intent: z.literal("reject"), vendorId: id }),
]);

export type UserAction = z.infer<typeof userActionSchema>;

export function parseUserAction(form: FormData): UserAction | null {
  const parsed = userActionSchema.safeParse(formValues(form));
  return parsed.success ? parsed.data : null;
}

/** The confirmation a page was redirected to after an action (?done=…&subject=…). */
export function parseDone(params: URLSearchParams): { notice: AdminNotice; subject: string } | null {
  const notice = parseNotice(params.get("done"));
  const subject = params.get("subject");
  if (!notice || !subject || subject.length > 200) return null;
  return { notice, subject };
}
