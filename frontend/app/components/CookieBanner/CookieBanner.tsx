import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { chooseConsent, useConsent } from "../../site/consent";
import styles from "./CookieBanner.module.scss";

/** Asks for the cookie choice until one is stored; reopened from the footer to change it. */
export function CookieBanner() {
  const { bannerOpen, choice } = useConsent();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasReopened = bannerOpen && choice !== null;

  useEffect(() => {
    // When the visitor reopens the banner from the footer, move focus to it so keyboard users land on the choice.
    if (wasReopened) headingRef.current?.focus();
  }, [wasReopened]);

  if (!bannerOpen) return null;
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" ref={headingRef} tabIndex={-1} className={styles.title}>
            Pliki cookies
          </h2>
          <p>
            Za Twoją zgodą na stronie kontaktowej wczytamy mapę dojazdu z Google Maps, a Google zapisze wtedy swoje
            pliki cookies. Bez zgody zobaczysz zwykły obraz mapy. Szczegóły znajdziesz w{" "}
            <Link to="/polityka-prywatnosci">polityce prywatności</Link>.
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.decline} onClick={() => chooseConsent("declined")}>
            Odmawiam
          </button>
          <button type="button" className={styles.accept} onClick={() => chooseConsent("accepted")}>
            Akceptuję
          </button>
        </div>
      </div>
    </section>
  );
}
