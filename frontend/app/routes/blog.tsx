import type { Route } from "./+types/blog";
import { loadArticleSummaries, loadBlogPage } from "../contentModel/load.server";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { BlogList } from "../components/BlogList/BlogList";
import { pageHead } from "../site/head";
import { headFromLoader } from "../site/basicHead";
import { pageWords } from "../site/words/pageWords.server";

export function loader() {
  const page = loadBlogPage();
  return {
    page,
    articles: loadArticleSummaries(),
    head: pageHead({ path: "/blog", ...page.seo }),
    words: pageWords("pl", "article", "dates"),
  };
}

export const meta: Route.MetaFunction = headFromLoader;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, articles } = loaderData;
  return (
    <>
      <PageHeader path="/blog" title={page.title} lead={<p>{page.intro}</p>} />
      <BlogList articles={articles} />
    </>
  );
}
