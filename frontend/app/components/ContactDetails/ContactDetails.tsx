import { emailHref, fullAddress, phoneHref, site } from "../../salon/config";
import { openingHours } from "../../site/openingHours";
import { useWords } from "../../hooks/useWords";
import { Icon } from "../Icon/Icon";
import styles from "./ContactDetails.module.scss";

/** Phone, e-mail, address, opening hours and the booking link, straight from the site configuration. */
export function ContactDetails() {
  const { footer, shell } = useWords();
  const hours = openingHours(shell);
  return (
    <div className={styles.details}>
      <dl className={styles.list}>
        <div>
          <dt>
            <Icon name="phone" /> {footer.phone}
          </dt>
          <dd>
            <a href={phoneHref}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="mail" /> {footer.email}
          </dt>
          <dd>
            <a href={emailHref}>{site.email}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="pin" /> {footer.address}
          </dt>
          <dd>
            <address>{fullAddress}</address>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="clock" /> {footer.hours}
          </dt>
          <dd>
            <ul className={styles.hours}>
              {hours.open.map((entry) => (
                <li key={entry.days}>
                  {entry.days}: {entry.label}
                </li>
              ))}
              {hours.closed.map((day) => (
                <li key={day}>
                  {day}: {shell.closed}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className={styles.booking}>
        {footer.bookingQuestion}{" "}
        <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer">
          {footer.bookingLink}
          <span className="visually-hidden">{` (${shell.newTab})`}</span>
        </a>
        .
      </p>
    </div>
  );
}
