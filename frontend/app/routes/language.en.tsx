import type { Route } from "./+types/language.en";
import { ErrorPage } from "../components/ErrorPage/ErrorPage";
import { Shell } from "../components/Shell/Shell";
import { en } from "../site/words/en";

/** The English pages' frame, in English words (routes.ts): this module is the only one that loads them. */
export default function EnglishPages() {
  return <Shell language="en" words={en} />;
}

/** An error of one of its pages, inside the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell language="en" words={en}>
      <ErrorPage error={error} language="en" words={en.shell} />
    </Shell>
  );
}
