import { useEffect, useRef } from "react";
import { CONSENT_CHOICE_ATTRIBUTE, chooseConsent, useConsent, type ConsentChoice } from "../../site/consent";
import { useWords } from "../../hooks/useWords";
import { SiteLink } from "../SiteLink/SiteLink";
import styles from "./CookieBanner.module.scss";

/**
 * Asks for the cookie choice until one is stored; reopened from the footer to change it. In the prerendered page it
 * is there for everyone, from the first paint; the inline script of site/consent.ts and this stylesheet hide it for
 * a visitor who has chosen, and make its buttons work before the page has hydrated. Without JavaScript it is not
 * shown: nothing is stored and nothing loads that would need consent.
 */
export function CookieBanner() {
  const { bannerOpen, choice, prerendered } = useConsent();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasReopened = bannerOpen && choice !== null;
  const words = useWords();

  useEffect(() => {
    // When the visitor reopens the banner from the footer, move focus to it so keyboard users land on the choice.
    if (wasReopened) headingRef.current?.focus();
  }, [wasReopened]);

  if (!bannerOpen) return null;
  return (
    // data-nosnippet: a search engine reads it in every page's HTML, and must not quote it as the page's text.
    <section
      className={styles.banner}
      aria-labelledby="cookie-banner-title"
      data-nosnippet=""
      {...(prerendered ? { "data-prerendered": "" } : {})}
    >
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" ref={headingRef} tabIndex={-1} className={styles.title}>
            {words.cookies.title}
          </h2>
          <p>
            {words.cookies.text} {words.cookies.detailsBefore}
            <SiteLink to="/polityka-prywatnosci" note>
              {words.cookies.privacyPolicy}
            </SiteLink>
            {words.cookies.detailsAfter}
          </p>
        </div>
        <div className={styles.actions}>
          <ChoiceButton choice="declined" className={styles.decline}>
            {words.cookies.decline}
          </ChoiceButton>
          <ChoiceButton choice="accepted" className={styles.accept}>
            {words.cookies.accept}
          </ChoiceButton>
        </div>
      </div>
    </section>
  );
}

/** A choice's button: its attribute is what the inline script acts on before hydration, its handler after. */
function ChoiceButton({
  choice,
  className,
  children,
}: {
  choice: ConsentChoice;
  className?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      className={className}
      {...{ [CONSENT_CHOICE_ATTRIBUTE]: choice }}
      onClick={() => chooseConsent(choice)}
    >
      {children}
    </button>
  );
}
