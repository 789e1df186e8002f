import { Link, useLocation } from "react-router";
import type { Route } from "./+types/category";
import { loadCategoryList } from "../content/load.server";
import { routeByPath } from "../site/routeTable";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { Picture } from "../components/Picture/Picture";
import { pageHead } from "../site/head";
import { renderInline } from "../components/RichText/inline";
import { useReveal } from "../hooks/useReveal";
import type { CategoryList } from "../content/schema";
import styles from "./category.module.scss";

/** The one list template for the three treatment families. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const route = routeByPath(path);
  if (!route?.doc) throw new Response("Nie znaleziono", { status: 404 });
  return { path, list: loadCategoryList(route.doc) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ path: loaderData!.path, ...loaderData!.list.seo });

function Entry({ entry, index }: { entry: CategoryList["entries"][number]; index: number }) {
  const ref = useReveal<HTMLElement>(index * 100);
  const headingId = `zabieg-${index + 1}`;
  return (
    <article ref={ref} className={styles.entry} aria-labelledby={headingId}>
      <Picture name={entry.image} alt={entry.alt} sizes="(min-width: 64rem) 28rem, 100vw" priority={index === 0} className={styles.image} />
      <div className={styles.text}>
        <h2 id={headingId} className={styles.name}>
          {entry.name}
        </h2>
        <p>{renderInline(entry.description)}</p>
        <ul className={styles.benefits}>
          {entry.benefits.map((benefit) => (
            <li key={benefit}>{renderInline(benefit)}</li>
          ))}
        </ul>
        <Link to={entry.link} className={styles.more}>
          Więcej o zabiegu<span className="visually-hidden">: {entry.name}</span>
        </Link>
      </div>
    </article>
  );
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader path={pathname} title={list.title} lead={list.intro.map((p) => <p key={p}>{renderInline(p)}</p>)} />
      <div className={styles.list}>
        {list.entries.map((entry, i) => (
          <Entry key={entry.link + entry.name} entry={entry} index={i} />
        ))}
      </div>
    </>
  );
}
