import type { RouteSpec } from '../../src/shared/routes';

/** What the route table passes to every page. */
export interface PageProps {
  route: RouteSpec;
  /** Values of the route pattern's `:name` segments. */
  params: Record<string, string>;
}
