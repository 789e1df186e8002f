import type { Route } from "./+types/needs";
import { loadNeeds } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { NeedsAccordion } from "../components/NeedsAccordion/NeedsAccordion";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { CtaBox } from "../components/CtaBox/CtaBox";
import styles from "./needs.module.scss";

export function loader() {
  const needs = loadNeeds();
  return { needs, head: pageHead({ path: "/twoje-potrzeby", ...needs.seo }) };
}

export const meta: Route.MetaFunction = headFromLoader;

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
          <CtaBox
            id="potrzeby-konsultacja"
            title="Nie wiesz, który zabieg wybrać?"
            tone="sand"
            align="center"
            actions={[
              { kind: "contact", label: "Umów konsultację" },
              { kind: "pricing", label: "Zobacz cennik" },
            ]}
          >
            Opowiedz nam, co chcesz zmienić. Na konsultacji ocenimy skórę i ułożymy plan zabiegów – z ceną całej
            terapii.
          </CtaBox>
        </div>
      </div>
    </>
  );
}
