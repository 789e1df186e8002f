import type { Route } from "./+types/needs";
import { loadNeeds } from "../contentModel/load.server";
import { consultationIn } from "../site/words/pageWords.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { NeedsAccordion } from "../components/NeedsAccordion/NeedsAccordion";
import { renderInline } from "../components/RichText/inline";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { CtaBox } from "../components/CtaBox/CtaBox";
import styles from "./needs.module.scss";

export function loader() {
  const needs = loadNeeds();
  return {
    needs,
    consultation: consultationIn("pl"),
    head: pageHead({ path: "/twoje-potrzeby", ...needs.seo }),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Needs({ loaderData }: Route.ComponentProps) {
  const { needs, consultation } = loaderData;
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
              { kind: "contact", label: consultation.label },
              { kind: "pricing", label: "Zobacz cennik" },
            ]}
          >
            Opowiedz nam, co chcesz zmienić. Na konsultacji ocenimy skórę i ułożymy plan zabiegów – z ceną całej serii.{" "}
            {consultation.sentence}
          </CtaBox>
        </div>
      </div>
    </>
  );
}
