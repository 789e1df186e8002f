import { emailHref, fullAddress, phoneHref, site } from "../../salon/config";
import { Icon } from "../Icon/Icon";
import styles from "./ContactDetails.module.scss";

/** Phone, e-mail, address, opening hours and the booking link, straight from the site configuration. */
export function ContactDetails() {
  return (
    <div className={styles.details}>
      <dl className={styles.list}>
        <div>
          <dt>
            <Icon name="phone" /> Telefon
          </dt>
          <dd>
            <a href={phoneHref}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="mail" /> E-mail
          </dt>
          <dd>
            <a href={emailHref}>{site.email}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="pin" /> Adres
          </dt>
          <dd>
            <address>{fullAddress}</address>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="clock" /> Godziny otwarcia
          </dt>
          <dd>
            <ul className={styles.hours}>
              {site.openingHours.map((entry) => (
                <li key={entry.days}>
                  {entry.days}: {entry.label}
                </li>
              ))}
              <li>{site.closedNote}</li>
            </ul>
          </dd>
        </div>
      </dl>
      <p className={styles.booking}>
        Wolisz zarezerwować termin samodzielnie?{" "}
        <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer">
          Zarezerwuj online w Booksy<span className="visually-hidden"> (otwiera się w nowej karcie)</span>
        </a>
        .
      </p>
    </div>
  );
}
