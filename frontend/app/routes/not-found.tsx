import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { familyListPath, routeLabel } from "../site/routeTable";
import { basicHead } from "../site/basicHead";
import { useWords } from "../hooks/useWords";
import styles from "./not-found.module.scss";

/** Every unknown path: a Polish page inside the shell; nginx serves this page's HTML with status 404. */
export const meta: Route.MetaFunction = () =>
  basicHead("Nie znaleziono strony", "Strona, której szukasz, nie istnieje.");

export default function NotFound() {
  const { routes } = useWords();
  return (
    <div className={styles.page}>
      <p className={styles.code}>404</p>
      <h1>Nie znaleziono strony</h1>
      <p>Strona, której szukasz, nie istnieje albo zmieniła adres. Może zainteresuje Cię jedna z tych:</p>
      <ul>
        <li>
          <Link to="/">Strona główna</Link>
        </li>
        {Object.values(familyListPath).map((path) => (
          <li key={path}>
            <Link to={path}>{routeLabel(path, routes)}</Link>
          </li>
        ))}
        <li>
          <Link to="/kontakt">Kontakt</Link>
        </li>
      </ul>
    </div>
  );
}
