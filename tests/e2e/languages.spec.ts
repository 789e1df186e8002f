/**
 * The translated pages as the stack serves them (issue 48), one parametrised pass per language rather than the
 * Polish suite again: every translated page answers 200 with its `lang`, its versions linked both ways and its frame
 * in its own words, whatever language the browser asks for; the switcher keeps the visitor on the same page with
 * JavaScript off. The pages' content is checked at build time (tests/built/languages.test.ts, translations.test.ts).
 */
import { expect, test } from "../support/test";
import { pageVersions, routes } from "../../frontend/app/site/routeTable";
import { PUBLISHED_LANGUAGES } from "../../frontend/app/contentModel/languages";
import { dictionaries, polishLeftIn } from "../support/frameWords";

const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="https?:\/\/[^/"]+([^"]*)"\/>/g)].map((m) => [
      m[1]!,
      m[2] || "/",
    ]),
  );

for (const language of PUBLISHED_LANGUAGES) {
  const words = dictionaries[language];
  const pages = routes.filter((route) => route.language === language);

  test.describe(`${language}: the translated pages`, () => {
    test("each answers 200 in its language, lists its versions and x-default, and has no Polish word in its frame, also to a browser that asks for Polish", async ({
      request,
    }) => {
      for (const route of pages) {
        // No redirect by Accept-Language: the visitor chooses (the switcher), the address decides.
        const response = await request.get(route.path, {
          headers: { "Accept-Language": "pl-PL,pl;q=0.9" },
          maxRedirects: 0,
        });
        expect(response.status(), route.path).toBe(200);
        const html = await response.text();
        expect(html, route.path).toMatch(new RegExp(`<html lang="${language}"`));
        expect(alternatesOf(html), route.path).toEqual({
          ...Object.fromEntries(pageVersions(route.path).map((version) => [version.language, version.path])),
          "x-default": route.polish,
        });
        expect(polishLeftIn(html, language), route.path).toEqual([]);
      }
    });

    test("the switcher, without JavaScript, leads to the same page in Polish and in the other languages", async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      const treatment = pages.find((route) => route.kind === "treatment")!;
      await page.goto(treatment.path);
      const switcher = () => page.getByRole("navigation", { name: words.shell.languages });
      await expect(switcher().locator('[aria-current="true"]')).toContainText(words.shell.languageNames[language]);
      for (const version of pageVersions(treatment.path).filter((v) => v.language !== language)) {
        await switcher().getByRole("link", { name: words.shell.languageNames[version.language] }).click();
        await expect(page).toHaveURL(new RegExp(`${version.path}$`));
        expect(await page.locator("html").getAttribute("lang")).toBe(version.language);
        await page.goBack();
      }
      await context.close();
    });
  });
}
