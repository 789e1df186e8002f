import { useEffect, useState } from "react";
import { Link } from "react-router";
import { footerLinks } from "../../site/routeTable";
import { emailHref, fullAddress, phoneHref, site } from "../../salon/config";
import { reopenConsent } from "../../site/consent";
import { Icon } from "../Icon/Icon";
import { Logo } from "../Logo/Logo";
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
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <Logo tone="light" />
          <p>Kosmetologia, nowoczesne zabiegi na twarz i ciało oraz makijaż permanentny w Łodzi.</p>
        </div>
        <section aria-labelledby="stopka-kontakt">
          <h2 id="stopka-kontakt" className={styles.heading}>
            Kontakt
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
            Godziny otwarcia
          </h2>
          <dl className={styles.hours}>
            {site.openingHours.map((entry) => (
              <div key={entry.days}>
                <dt>{entry.days}</dt>
                <dd>{entry.label}</dd>
              </div>
            ))}
            <div>
              <dt>Niedziela</dt>
              <dd>nieczynne</dd>
            </div>
          </dl>
        </section>
        <nav aria-label="Informacje" className={styles.links}>
          <h2 className={styles.heading}>Informacje</h2>
          <ul>
            {footerLinks.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{item.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.linkButton} onClick={reopenConsent}>
                Ustawienia cookies
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className={styles.copyright}>
        {/* The company's particulars, which a limited company states on its website (Code of Commercial Companies, art. 206 §1). */}
        <p className={styles.company}>
          {site.legalName}, {fullAddress} · sąd rejestrowy: {site.registryCourt} · KRS {site.krs} · NIP {site.nip} ·
          kapitał zakładowy {site.shareCapital}
        </p>
        <p>
          © <span>{year}</span> {site.legalName} · Wszelkie prawa zastrzeżone.
        </p>
      </div>
    </footer>
  );
}
