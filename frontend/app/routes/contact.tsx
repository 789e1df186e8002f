import type { Route } from "./+types/contact";
import { loadContactPage } from "../contentModel/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { ContactForm } from "../components/ContactForm/ContactForm";
import { startProofOfWork } from "../components/ContactForm/useProofOfWork";
import { EarlyProofScript } from "../components/ContactForm/EarlyProofScript";
import { preloadPost } from "../components/ContactForm/submitContact";
import { FormPrivacyNotice } from "../components/FormPrivacyNotice/FormPrivacyNotice";
import { ContactDetails } from "../components/ContactDetails/ContactDetails";
import { LocationMap } from "../components/LocationMap/LocationMap";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import styles from "./contact.module.scss";
import { useLanguage } from "../hooks/useWords";
import { pageWords } from "../site/words/pageWords.server";
import { inLanguage } from "../site/languagePaths";
import { languageOfPath } from "../site/languagePaths";
import { pagePath } from "../site/routeTable";

export function loader({ url }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname);
  const page = loadContactPage(language);
  return {
    page,
    head: pageHead({ path: pagePath(url.pathname), ...page.seo }),
    words: pageWords(language, "contact", "form"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

// In the browser, as this module loads (before the page hydrates): the form's proof of work starts now, so that it is
// ready before a quick visitor sends, and the code that posts the form is fetched.
if (typeof window !== "undefined") {
  startProofOfWork();
  preloadPost();
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const language = useLanguage();
  const words = loaderData.words.contact;
  return (
    <>
      {/* First in the page: the proof of work starts as the browser parses this, before the page's modules come. */}
      <EarlyProofScript />
      <PageHeader
        path={inLanguage("/kontakt", language)}
        title={page.title}
        lead={page.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      />
      <div className={styles.layout}>
        <section aria-labelledby="dane-kontaktowe" className={styles.details}>
          <h2 id="dane-kontaktowe">{words.details}</h2>
          <ContactDetails />
          <LocationMap />
        </section>
        <section aria-labelledby="formularz" className={styles.form}>
          <h2 id="formularz">{words.write}</h2>
          <FormPrivacyNotice notice={page.formNotice} />
          <ContactForm />
        </section>
      </div>
    </>
  );
}
