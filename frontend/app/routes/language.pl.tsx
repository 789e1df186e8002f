import type { Route } from "./+types/language.pl";
import { ErrorPage } from "../components/ErrorPage/ErrorPage";
import { Shell } from "../components/Shell/Shell";
import { pl } from "../site/words/pl";

/** The Polish pages' frame, in Polish words (routes.ts): this module is the only one that loads them. */
export default function PolishPages() {
  return <Shell language="pl" words={pl} />;
}

/** An error of one of its pages, inside the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell language="pl" words={pl}>
      <ErrorPage error={error} language="pl" words={pl.shell} />
    </Shell>
  );
}
