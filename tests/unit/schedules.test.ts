// @vitest-environment node
/**
 * One schedule per treatment: a series ("4–6 zabiegów co 3–4 tygodnie") on a family card is the one its treatment's
 * page states, and one in an article, on the needs page or the home page is one a treatment page states – read from
 * content/, so a schedule changed on its page and forgotten elsewhere ("4–8 co 3 tygodnie") is named where it stayed.
 */
import { describe, expect, it } from "vitest";
import { stringsOf } from "../../frontend/app/contentModel/read.server";
import {
  loadArticles,
  loadFamilyList,
  loadHome,
  loadNeeds,
  loadTreatment,
} from "../../frontend/app/contentModel/load.server";
import { routes } from "../../frontend/app/site/routeTable";

/** "4–6 zabiegów co 3–4 tygodnie", "3–5 zabiegów w odstępach 4–6 tygodni" → "4–6|3–4|t": count, interval, unit. */
const SERIES =
  /(\d+(?:–\d+)?) zabieg\p{L}*,? (?:co|w odstępach(?: co)?) (\d+(?:–\d+)?) (dni|dzień|tyg\p{L}*|tydz\p{L}*|miesi\p{L}*)/gu;
const schedulesIn = (text: string) =>
  [...text.matchAll(SERIES)].map(
    (m) => `${m[1]}|${m[2]}|${m[3]!.startsWith("d") ? "d" : m[3]!.startsWith("m") ? "m" : "t"}`,
  );

const treatmentSchedules = new Map(
  routes
    .filter((route) => route.kind === "treatment")
    .map((route) => [
      route.path,
      new Set(stringsOf(loadTreatment(route.doc!)).flatMap(({ text }) => schedulesIn(text))),
    ]),
);
const everySchedule = new Set([...treatmentSchedules.values()].flatMap((set) => [...set]));

it("reads schedules the way the pages write them", () => {
  expect(schedulesIn("Zalecamy serię **3–5 zabiegów co 4–6 tygodni**.")).toEqual(["3–5|4–6|t"]);
  expect(schedulesIn("zalecamy **3–5 zabiegów w odstępach 4–6 tygodni**")).toEqual(["3–5|4–6|t"]);
  expect(schedulesIn("seria 8–10 zabiegów co 3–4 dni")).toEqual(["8–10|3–4|d"]);
  expect(everySchedule.size).toBeGreaterThan(10);
});

describe("a schedule outside its treatment's page is that page's", () => {
  it("on every family card, as its linked page states it", () => {
    for (const route of routes.filter((r) => r.kind === "family")) {
      loadFamilyList(route.doc!).entries.forEach((entry, i) => {
        for (const schedule of stringsOf(entry).flatMap(({ text }) => schedulesIn(text)))
          expect(
            treatmentSchedules.get(entry.link),
            `${route.doc} entries[${i}] → ${entry.link}: ${schedule}`,
          ).toContain(schedule);
      });
    }
  });

  it("in the articles, the needs page and the home page: a treatment page's", () => {
    const documents: [string, unknown][] = [
      ["needs", loadNeeds()],
      ["home", loadHome()],
      ...loadArticles().map((article): [string, unknown] => [`blog/${article.slug}`, article]),
    ];
    let checked = 0;
    for (const [name, doc] of documents) {
      for (const { path, text } of stringsOf(doc)) {
        for (const schedule of schedulesIn(text)) {
          checked++;
          expect(everySchedule, `${name} ${path.join(".")}: ${schedule}`).toContain(schedule);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
