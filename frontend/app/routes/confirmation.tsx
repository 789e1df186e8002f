import { useLocation } from "react-router";
import type { Route } from "./+types/confirmation";
import { loadSimplePage } from "../contentModel/load.server";
import { templatedPageLoader } from "../site/templatedPageLoader.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { ActionLinks } from "../components/ActionLinks/ActionLinks";
import { headFromLoader } from "../site/basicHead";
import styles from "./confirmation.module.scss";
import { pageWords } from "../site/words/pageWords.server";
import { languageOfPath } from "../site/languagePaths";

/**
 * A confirmation page (the contact form's, where the mailer sends a form the browser posted itself): title, a few
 * sentences from content, and the ways on — home, or a call for what cannot wait.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { doc: page, head } = templatedPageLoader(url, "confirmation", loadSimplePage);
  return { page, head, words: pageWords(languageOfPath(url.pathname), "confirmation") };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { pathname } = useLocation();
  const words = loaderData.words.confirmation;
  return (
    <>
      <PageHeader
        path={pathname}
        title={page.title}
        lead={page.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      />
      <ActionLinks
        actions={[
          { kind: "home", label: words.home },
          { kind: "phone", label: words.call },
        ]}
        className={styles.actions}
      />
    </>
  );
}
