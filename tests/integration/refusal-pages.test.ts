// @vitest-environment node
/**
 * The pages a plain form post gets when its message is refused come from two places: the mailer
 * (mailer/src/RefusalPage.php: fields, origin, outbox…) and nginx, which answers the body-too-large, rate-limit and
 * PHP-FPM-away refusals itself (docker/nginx/templates/contact-refusals.inc.template). The mailer's page is the one
 * source: nginx's three, in each language, must be exactly what RefusalPage renders in it (the Polish text that of
 * nginx's JSON answer of the same status), and every such page is valid HTML.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runVnu } from "../support/vnu";

const root = resolve(import.meta.dirname, "../..");
const templates = join(root, "docker/nginx/templates");

/** What the mailer renders: RefusalPage::render(status, error, fields) in a language's words, run by PHP itself. */
function php(status: number, error: string, fields: Record<string, string> = {}, language = "pl"): string {
  const code = `require ${JSON.stringify(join(root, "mailer/vendor/autoload.php"))}; $a = json_decode($argv[1], true); echo Salon\\Mailer\\RefusalPage::render($a[0], $a[1], $a[2], Salon\\Mailer\\Words::in($a[3]));`;
  return execFileSync("php", ["-r", code, JSON.stringify([status, error, fields, language])], { encoding: "utf8" });
}

/** A text of the mailer's words in a language (mailer/src/Words.php). */
function words(key: string, language: string): string {
  const code = `require ${JSON.stringify(join(root, "mailer/vendor/autoload.php"))}; echo Salon\\Mailer\\Words::in($argv[1])->text($argv[2]);`;
  return execFileSync("php", ["-r", code, language, key], { encoding: "utf8" });
}

/** nginx's HTML refusals: "413-uk" (status and language) → the body its location returns. */
function nginxPages(): Map<string, string> {
  const text = readFileSync(join(templates, "contact-refusals.inc.template"), "utf8");
  const pages = new Map<string, string>();
  for (const [, name, status, body] of text.matchAll(
    /location = \/_contact-refusal\/((\d+)-[a-z]+) \{([\s\S]*?)\n\}/g,
  )) {
    const returned = body!.match(/return (\d+) '([^']*)';/)!;
    expect(returned[1], `location ${name} returns its own status`).toBe(status);
    pages.set(name!, returned[2]!);
  }
  return pages;
}

/** The text of each page nginx answers itself, by status (mailer/bin/nginx-refusals.php). */
const TEXTS: Record<number, string> = { 413: "tooLarge", 429: "tooMany", 503: "sendError" };

/** The error text of nginx's JSON answer to the form for a status (`{"ok":false,…}`; /health answers in its own shape). */
function nginxJsonError(status: number): string {
  const text = readFileSync(join(templates, "salon.conf.template"), "utf8");
  const body = text.match(new RegExp(`return ${status} '(\\{"ok":false[^']*\\})';`))?.[1];
  expect(body, `JSON answer ${status}`).toBeDefined();
  return (JSON.parse(body!) as { error: string }).error;
}

describe("refusal pages of a plain form post", () => {
  it("nginx's 413, 429 and 503 pages are the mailer's page in each language, in Polish with its JSON answer's text", () => {
    const pages = nginxPages();
    const languages = ["pl", "uk", "en"];
    expect([...pages.keys()].sort()).toEqual(
      [413, 429, 503].flatMap((status) => languages.map((language) => `${status}-${language}`)).sort(),
    );
    for (const [name, page] of pages) {
      const [status, language] = name.split("-") as [string, string];
      // Written by mailer/bin/nginx-refusals.php: run it again after a change of the mailer's page or words.
      expect(page, name).toBe(php(Number(status), words(TEXTS[Number(status)]!, language), {}, language));
      expect(page, name).toContain(`<html lang="${language}">`);
    }
    for (const status of [413, 429, 503]) expect(words(TEXTS[status]!, "pl")).toBe(nginxJsonError(status));
    expect(pages.get("413-pl")).toContain("przyciskiem „Wstecz”");
    expect(pages.get("413-uk")).toContain("Повідомлення задовге");
    expect(pages.get("429-en")).toContain("Too many messages");
  });

  it("every refusal page is valid HTML (Nu Html Checker), the field list and the 405 page included", () => {
    const dir = mkdtempSync(join(tmpdir(), "refusal-pages-"));
    try {
      const files = [
        ...[...nginxPages()].map(([name, page]) => [`nginx-${name}.html`, page] as const),
        [
          "php-422.html",
          php(422, "Formularz zawiera błędy.", {
            name: "Podaj imię i nazwisko.",
            email: "Podaj poprawny adres e-mail.",
          }),
        ] as const,
        ["php-405.html", php(405, "Ten adres służy tylko do wysyłania formularza kontaktowego.")] as const,
      ].map(([name, html]) => {
        writeFileSync(join(dir, name), html);
        return join(dir, name);
      });
      const errors = runVnu(files).filter((m) => m.type === "error" || m.subType === "fatal");
      expect(errors.map((m) => `${m.url}: ${m.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
