import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";

/** Renders UI inside a data router at `path`, so Link, NavLink and useLocation work as in the site. */
export function renderAt(ui: ReactNode, path = "/", extraPaths: string[] = []) {
  const Stub = createRoutesStub([
    { path: "*", Component: () => ui },
    ...extraPaths.map((p) => ({ path: p, Component: () => ui })),
  ]);
  return render(<Stub initialEntries={[path]} />);
}
