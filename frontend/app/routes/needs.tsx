import { Link } from "react-router";
import type { Route } from "./+types/needs";
import { loadNeeds } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { NeedsAccordion } from "../components/NeedsAccordion/NeedsAccordion";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import styles from "./needs.module.scss";

export function loader() {
  return { needs: loadNeeds() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ path: "/twoje-potrzeby", ...loaderData!.needs.seo });

export default function Needs({ loaderData }: Route.ComponentProps) {
  const { needs } = loaderData;
  return (
    <>
      <PageHeader
        path="/twoje-potrzeby"
        title={needs.title}
        lead={needs.intro.map((p) => (
          <p key={p}>{renderInline(p)}</p>
        ))}
      />
      <div className={styles.page}>
        <div className={styles.body}>
          <NeedsAccordion items={needs.items} />
          <aside className={styles.cta} aria-labelledby="potrzeby-konsultacja">
            <h2 id="potrzeby-konsultacja">Nie wiesz, który zabieg wybrać?</h2>
            <p>Opowiedz nam, co chcesz zmienić. Na konsultacji ocenimy skórę i ułożymy plan zabiegów – z ceną całej terapii.</p>
            <p className={styles.actions}>
              <Link to="/kontakt" className={styles.primary}>
                Umów konsultację
              </Link>
              <Link to="/cennik" className={styles.secondary}>
                Zobacz cennik
              </Link>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
