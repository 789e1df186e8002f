import { Link } from "react-router";
import type { NeedsDocument } from "../../content/schema";
import { routeLabel } from "../../site/routeTable";
import { renderInline } from "../RichText/inline";
import { Accordion } from "../Accordion/Accordion";
import styles from "./NeedsAccordion.module.scss";

/** The needs page: each concern opens to its dedicated treatments (chips) and expected effects. */
export function NeedsAccordion({ items }: { items: NeedsDocument["items"] }) {
  return (
    <Accordion
      items={items.map((need) => ({
        key: need.title,
        title: need.title,
        content: (
          <>
            <p>{renderInline(need.description)}</p>
            <h3 className={styles.label}>Dedykowane zabiegi:</h3>
            <ul className={styles.chips}>
              {need.treatments.map((path) => (
                <li key={path}>
                  <Link to={path} className={styles.chip}>
                    {routeLabel(path)}
                  </Link>
                </li>
              ))}
            </ul>
            <h3 className={styles.label}>Efekty:</h3>
            <ul className={styles.effects}>
              {need.effects.map((effect) => (
                <li key={effect}>{renderInline(effect)}</li>
              ))}
            </ul>
          </>
        ),
      }))}
    />
  );
}
