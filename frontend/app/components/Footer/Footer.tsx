import { useEffect, useState } from "react";
import { footerLinksIn } from "../../site/routeTable";
import { useLanguage, useWords } from "../../hooks/useWords";
import { emailHref, fullAddress, phoneHref, site } from "../../salon/config";
import { reopenConsent } from "../../site/consent";
import { openingHours } from "../../site/openingHours";
import { Icon } from "../Icon/Icon";
import { Logo } from "../Logo/Logo";
import { SiteLink } from "../SiteLink/SiteLink";
import styles from "./Footer.module.scss";

/**
 * The year the HTML was built with, replaced by the visitor's current year after hydration: both renders start
 * from the same value, so there is no hydration mismatch even when a page was built in an earlier year.
 */
function useCurrentYear(): number {
  const [year, setYear] = useState<number>(__BUILD_YEAR__);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

export function Footer() {
  const year = useCurrentYear();
  const language = useLanguage();
  const words = useWords();
  const hours = openingHours(words.shell);
  // The court's name stays Polish, as registered: on a translated page it says so (`lang`).
  const polish = language === "pl" ? {} : { lang: "pl" };
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <Logo tone="light" />
          <p>{words.footer.about}</p>
        </div>
        <section aria-labelledby="stopka-kontakt">
          <h2 id="stopka-kontakt" className={styles.heading}>
            {words.footer.contact}
          </h2>
          <ul className={styles.list}>
            <li>
              <Icon name="phone" size={18} />
              <a href={phoneHref}>{site.phone}</a>
            </li>
            <li>
              <Icon name="mail" size={18} />
              <a href={emailHref}>{site.email}</a>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <address>
                {site.address.street}
                <br />
                {site.address.postalCode} {site.address.city}
              </address>
            </li>
          </ul>
        </section>
        <section aria-labelledby="stopka-godziny">
          <h2 id="stopka-godziny" className={styles.heading}>
            {words.footer.hours}
          </h2>
          <dl className={styles.hours}>
            {hours.open.map((entry) => (
              <div key={entry.days}>
                <dt>{entry.days}</dt>
                <dd>{entry.label}</dd>
              </div>
            ))}
            {hours.closed.map((day) => (
              <div key={day}>
                <dt>{day}</dt>
                <dd>{words.shell.closed}</dd>
              </div>
            ))}
          </dl>
        </section>
        <nav aria-label={words.footer.information} className={styles.links}>
          <h2 className={styles.heading}>{words.footer.information}</h2>
          <ul>
            {footerLinksIn(language, words.routes).map((item) => (
              <li key={item.path}>
                <SiteLink to={item.path} note>
                  {item.label}
                </SiteLink>
              </li>
            ))}
            <li>
              <button type="button" className={styles.linkButton} onClick={reopenConsent}>
                {words.footer.cookieSettings}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className={styles.copyright}>
        {/* The company's particulars, which a limited company states on its website (Code of Commercial Companies, art. 206 §1). */}
        <p className={styles.company}>
          {site.legalName}, {fullAddress} · {words.footer.registryCourt}: <span {...polish}>{site.registryCourt}</span>{" "}
          · KRS {site.krs} · NIP {site.nip} · {words.footer.shareCapital} {words.footer.amount(site.shareCapital)}
        </p>
        <p>
          © <span>{year}</span> {site.legalName} · {words.footer.rights}
        </p>
      </div>
    </footer>
  );
}
