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

export function loader() {
  const page = loadContactPage();
  return { page, head: pageHead({ path: "/kontakt", ...page.seo }) };
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
  return (
    <>
      {/* First in the page: the proof of work starts as the browser parses this, before the page's modules come. */}
      <EarlyProofScript />
      <PageHeader
        path="/kontakt"
        title={page.title}
        lead={page.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      />
      <div className={styles.layout}>
        <section aria-labelledby="dane-kontaktowe" className={styles.details}>
          <h2 id="dane-kontaktowe">Dane kontaktowe</h2>
          <ContactDetails />
          <LocationMap />
        </section>
        <section aria-labelledby="formularz" className={styles.form}>
          <h2 id="formularz">Napisz do nas</h2>
          <FormPrivacyNotice notice={page.formNotice} />
          <ContactForm />
        </section>
      </div>
    </>
  );
}
