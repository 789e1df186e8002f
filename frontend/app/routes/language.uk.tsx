import type { Route } from "./+types/language.uk";
import { ErrorPage } from "../components/ErrorPage/ErrorPage";
import { Shell } from "../components/Shell/Shell";
import { uk } from "../site/words/uk";

/** The Ukrainian pages' frame, in Ukrainian words (routes.ts): this module is the only one that loads them. */
export default function UkrainianPages() {
  return <Shell language="uk" words={uk} />;
}

/** An error of one of its pages, inside the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell language="uk" words={uk}>
      <ErrorPage error={error} language="uk" words={uk.shell} />
    </Shell>
  );
}
