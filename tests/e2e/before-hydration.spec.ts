/**
 * No dead control. A page is painted before its scripts arrive (frontend/build/afterFirstPaint.ts) — on a slow phone
 * seconds before — so every control a visitor can see before the page has hydrated either works at once without
 * React, as on the page without JavaScript, or is not offered until it works; and the first tap when it is offered
 * is never lost. Here the page's scripts are held back until the test lets them go.
 */
import { expect, test, waitForHydration, type Page } from "../support/test";
import { HYDRATED_ATTRIBUTE } from "../../frontend/app/site/hydration";
import { holdScripts } from "../support/holdScripts";

const notHydrated = async (page: Page) =>
  expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`), "the page has not hydrated").toHaveCount(0);

test("/mikroiglowa-radiofrekwencja: the before/after carousel's arrows and dots are not offered before hydration, and the first tap on 'previous' once they are changes the photo, every time", async ({
  page,
  gotoUnhydrated,
}) => {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const release = await holdScripts(page);
    await gotoUnhydrated("/mikroiglowa-radiofrekwencja", { waitUntil: "domcontentloaded" });
    const carousel = page.getByRole("group", { name: "Mikroigłowa radiofrekwencja – przed i po" });
    const previous = page.getByRole("button", { name: "Poprzednie zdjęcie" }).first();
    const counter = page.getByTestId("licznik").first();
    await expect(carousel.getByRole("group", { name: /^1 z \d+$/ })).toBeVisible();
    await notHydrated(page);
    await expect(previous, "before hydration").toBeHidden();
    await expect(page.getByRole("button", { name: "Zdjęcie 2" }).first()).toBeHidden();
    const count = Number((await counter.textContent())!.split("/")[1]);
    release();
    // Clicked the moment it is offered.
    await previous.click();
    await expect(counter, `attempt ${attempt}`).toHaveText(`${count} / ${count}`);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
});

test("/: the slideshow's arrows, dots and pause are not offered before hydration; once they are, 'next' moves on", async ({
  page,
  gotoUnhydrated,
}) => {
  const release = await holdScripts(page);
  await gotoUnhydrated("/", { waitUntil: "domcontentloaded" });
  const next = page.getByRole("button", { name: "Następny slajd" });
  await notHydrated(page);
  await expect(next).toBeHidden();
  await expect(page.getByRole("button", { name: "Zatrzymaj automatyczne przewijanie" })).toBeHidden();
  release();
  await next.click();
  await expect(page.getByRole("button", { name: "Slajd 2" })).toHaveAttribute("aria-current", "true");
});

test("a treatment's gallery: a tap on a photo before hydration shows the photo itself; once hydrated, the page's viewer", async ({
  page,
  gotoUnhydrated,
}) => {
  const release = await holdScripts(page);
  await gotoUnhydrated("/makijaz-permanentny-ust", { waitUntil: "domcontentloaded" });
  const thumb = page.getByRole("link", { name: /^Powiększ zdjęcie:/ }).first();
  await thumb.scrollIntoViewIfNeeded();
  await notHydrated(page);
  const [photo] = await Promise.all([page.waitForResponse(/\/img\/.+\.jpg$/), thumb.click()]);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  await expect(page).toHaveURL(photo.url());
  release();
  await page.goto("/makijaz-permanentny-ust");
  await page
    .getByRole("link", { name: /^Powiększ zdjęcie:/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("/blog: the search and the categories are not offered before hydration; once they are, they filter", async ({
  page,
  gotoUnhydrated,
}) => {
  const release = await holdScripts(page);
  await gotoUnhydrated("/blog", { waitUntil: "domcontentloaded" });
  const search = page.getByRole("searchbox", { name: "Szukaj artykułów" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await notHydrated(page);
  await expect(search).toBeHidden();
  await expect(page.getByRole("group", { name: "Kategorie artykułów" }).getByRole("button").first()).toBeHidden();
  release();
  await search.fill("cellulit");
  await expect(page.getByRole("status")).toHaveText(/^Znaleziono: /);
});

test("/kontakt: the interactive map's button and the footer's cookie settings are not offered before hydration; the cookie banner's buttons work at once", async ({
  page,
  gotoUnhydrated,
}) => {
  const release = await holdScripts(page);
  await gotoUnhydrated("/kontakt", { waitUntil: "domcontentloaded" });
  await notHydrated(page);
  await expect(page.getByRole("button", { name: "Pokaż mapę interaktywną" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Ustawienia cookies" })).toBeHidden();
  const decline = page.getByRole("button", { name: "Odmawiam" });
  await decline.click();
  await expect(decline).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("declined");
  release();
  await page.getByRole("button", { name: "Ustawienia cookies" }).click();
  await expect(page.getByRole("button", { name: "Odmawiam" })).toBeVisible();
  await page.getByRole("button", { name: "Pokaż mapę interaktywną" }).click();
  await expect(page.locator("iframe[title^='Mapa dojazdu']")).toBeAttached();
});

test("on a phone, the menu opens and closes before hydration, and stays open when the page hydrates", async ({
  page,
  gotoUnhydrated,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await gotoUnhydrated("/cennik", { waitUntil: "domcontentloaded" });
  const nav = page.getByRole("navigation", { name: "Menu główne" });
  const link = nav.getByRole("link", { name: "Kontakt", exact: true });
  await notHydrated(page);
  await expect(nav).toBeHidden();
  // Without React the toggle is a pair of links: the menu is the page's :target.
  await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
  await expect(link).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Zamknij", exact: true }).click();
  await expect(nav).toBeHidden();
  await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
  await expect(link).toBeVisible();
  await notHydrated(page);
  // Watched from inside the page while it hydrates: the menu is not hidden at any change of <html data-hydrated> or
  // of its own data-open, not even for a frame.
  await page.evaluate(() => {
    const nav = document.getElementById("menu-glowne")!;
    const hidden: string[] = [];
    const observer = new MutationObserver(() => {
      const hydrated = document.documentElement.hasAttribute("data-hydrated");
      if (!nav.checkVisibility()) hidden.push(`hydrated: ${hydrated}, data-open: ${nav.dataset.open}`);
    });
    observer.observe(document.documentElement, { subtree: true, attributeFilter: ["data-hydrated", "data-open"] });
    Object.assign(window, { menuHiddenAt: () => (observer.disconnect(), hidden) });
  });
  release();
  // React's button takes the links' place with the menu open, as the visitor left it.
  const close = page.getByRole("button", { name: "Zamknij" });
  await waitForHydration(page);
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(link).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { menuHiddenAt: () => string[] }).menuHiddenAt()),
    "the menu hidden while the page hydrated",
  ).toEqual([]);
  await close.click();
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
});

test("/twoje-potrzeby: the accordion opens one entry at a time before hydration, and the open one stays open when the page hydrates", async ({
  page,
  gotoUnhydrated,
}) => {
  const release = await holdScripts(page);
  await gotoUnhydrated("/twoje-potrzeby", { waitUntil: "domcontentloaded" });
  const titles = page.getByRole("main").locator("summary");
  const entry = (i: number) => page.getByRole("main").locator("details").nth(i);
  await expect(titles).toHaveCount(15);
  await notHydrated(page);
  await expect(entry(0).getByText("Polecane zabiegi:")).toBeHidden();
  // Each entry is a <details>: its title opens it without React.
  await titles.nth(0).click();
  await expect(entry(0).getByText("Polecane zabiegi:")).toBeVisible();
  await titles.nth(2).click();
  await expect(entry(2).getByText("Polecane zabiegi:")).toBeVisible();
  await expect(entry(0).getByText("Polecane zabiegi:")).toBeHidden();
  await notHydrated(page);
  release();
  await waitForHydration(page);
  await expect(entry(2).getByText("Polecane zabiegi:")).toBeVisible();
  await titles.nth(4).click();
  await expect(entry(4).getByText("Polecane zabiegi:")).toBeVisible();
  await expect(entry(2).getByText("Polecane zabiegi:")).toBeHidden();
});
