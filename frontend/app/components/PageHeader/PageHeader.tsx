import type { ReactNode } from "react";
import { Breadcrumbs } from "../Breadcrumbs/Breadcrumbs";
import { breadcrumbTrail } from "../../site/breadcrumbs";
import { useWords } from "../../hooks/useWords";
import styles from "./PageHeader.module.scss";

export interface PageHeaderProps {
  path: string;
  title: ReactNode;
  /** Label of the current page in the breadcrumb trail, when it differs from the route table's. */
  crumb?: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The top of every inner page: breadcrumbs, the page's one <h1> and an optional lead. */
export function PageHeader({ path, title, crumb, lead, children }: PageHeaderProps) {
  const { routes } = useWords();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Breadcrumbs trail={breadcrumbTrail(path, routes, crumb)} />
        <h1 className={styles.title}>{title}</h1>
        {lead ? <div className={styles.lead}>{lead}</div> : null}
        {children}
      </div>
    </header>
  );
}
