import { Link } from "react-router";
import { site } from "../../site/config";
import styles from "./Logo.module.scss";

/** The wordmark: typeset, so it is sharp at any size and costs no image request. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link to="/" className={`${styles.logo} ${tone === "light" ? styles.light : ""}`} aria-label={`${site.name} – strona główna`}>
      <span className={styles.mark} aria-hidden="true">
        {site.shortName}
      </span>
      <span className={styles.sub} aria-hidden="true">
        Instytut Urody
      </span>
    </Link>
  );
}
