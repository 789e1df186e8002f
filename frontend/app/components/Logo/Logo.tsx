import { Link } from "react-router";
import { site } from "../../salon/config";
import { inLanguage } from "../../site/languagePaths";
import { useLanguage, useWords } from "../../hooks/useWords";
import styles from "./Logo.module.scss";

/** "Aurea Instytut Urody" → "Instytut Urody": the line under the short name. */
const subline = site.name.startsWith(site.shortName) ? site.name.slice(site.shortName.length).trim() : site.name;

/**
 * The wordmark: typeset, so it is sharp at any size and costs no image request. Its accessible name is its visible
 * text ("Aurea Instytut Urody") followed by where it leads, so a voice user who says what she sees hits it.
 */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const words = useWords();
  const language = useLanguage();
  return (
    <Link to={inLanguage("/", language)} className={`${styles.logo} ${tone === "light" ? styles.light : ""}`}>
      <span className={styles.mark}>{site.shortName}</span> <span className={styles.sub}>{subline}</span>{" "}
      <span className="visually-hidden">{words.header.logoHome}</span>
    </Link>
  );
}
