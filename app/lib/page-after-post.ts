/**
 * The page a successful form post returns to: `pathname` with the request's own query (search,
 * filter, page), less React Router's own parameters. The request's path is not used as is: a
 * script-driven post arrives at the route's data URL ("/vendor/orders.data"), which is no page.
 */
export function pageAfterPost(pathname: string, requestUrl: string, change?: (params: URLSearchParams) => void): string {
  const params = new URL(requestUrl).searchParams;
  for (const key of ["index", "_routes"]) params.delete(key);
  change?.(params);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
