import { Link } from "react-router";
import type { Crumb } from "../../site/breadcrumbs";
import { useWords } from "../../hooks/useWords";
import styles from "./Breadcrumbs.module.scss";

/** The trail from the home page; the last crumb is the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const words = useWords();
  if (trail.length < 2) return null;
  return (
    <nav aria-label={words.shell.breadcrumbs} className={styles.breadcrumbs}>
      <ol>
        {trail.map((crumb, i) =>
          i === trail.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.path}>
              <Link to={crumb.path}>{crumb.label}</Link>{" "}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
