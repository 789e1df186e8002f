import type { Route } from "./+types/blog";
import { loadArticleSummaries, loadBlogPage } from "../content/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { BlogList } from "../components/BlogList/BlogList";
import { pageHead } from "../site/head";

export function loader() {
  return { page: loadBlogPage(), articles: loadArticleSummaries() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ path: "/blog", ...loaderData!.page.seo });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, articles } = loaderData;
  return (
    <>
      <PageHeader path="/blog" title={page.title} lead={<p>{page.intro}</p>} />
      <BlogList articles={articles} />
    </>
  );
}
