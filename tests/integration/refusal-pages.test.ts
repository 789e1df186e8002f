// @vitest-environment node
/**
 * The pages a plain form post gets when its message is refused come from two places: the mailer
 * (mailer/src/RefusalPage.php: fields, origin, outbox…) and nginx, which answers the body-too-large, rate-limit and
 * PHP-FPM-away refusals itself (docker/nginx/templates/contact-refusals.inc.template). The mailer's page is the one
 * source: nginx's three must be exactly what RefusalPage renders for the text of nginx's JSON answer of the same
 * status, and every such page is valid HTML.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runVnu } from "../support/vnu";

const root = resolve(import.meta.dirname, "../..");
const templates = join(root, "docker/nginx/templates");

/** What the mailer renders: RefusalPage::render(status, error, fields), run by PHP itself. */
function php(status: number, error: string, fields: Record<string, string> = {}): string {
  const code = `require ${JSON.stringify(join(root, "mailer/vendor/autoload.php"))}; $a = json_decode($argv[1], true); echo Salon\\Mailer\\RefusalPage::render($a[0], $a[1], $a[2]);`;
  return execFileSync("php", ["-r", code, JSON.stringify([status, error, fields])], { encoding: "utf8" });
}

/** nginx's HTML refusals: status → the body its location returns, with its two variables filled in. */
function nginxPages(): Map<number, string> {
  const text = readFileSync(join(templates, "contact-refusals.inc.template"), "utf8");
  const pages = new Map<number, string>();
  for (const [, status, body] of text.matchAll(/location = \/_contact-refusal\/(\d+) \{([\s\S]*?)\n\}/g)) {
    const set = Object.fromEntries([...body!.matchAll(/set \$(\w+) '([^']*)';/g)].map((m) => [m[1]!, m[2]!]));
    const returned = body!.match(/return (\d+) '([^']*)';/)!;
    expect(returned[1], `location ${status} returns its own status`).toBe(status);
    pages.set(
      Number(status),
      returned[2]!.replace(/\$(\w+)/g, (_, name: string) => set[name] ?? `$${name}`),
    );
  }
  return pages;
}

/** The error text of nginx's JSON answer to the form for a status (`{"ok":false,…}`; /health answers in its own shape). */
function nginxJsonError(status: number): string {
  const text = readFileSync(join(templates, "salon.conf.template"), "utf8");
  const body = text.match(new RegExp(`return ${status} '(\\{"ok":false[^']*\\})';`))?.[1];
  expect(body, `JSON answer ${status}`).toBeDefined();
  return (JSON.parse(body!) as { error: string }).error;
}

describe("refusal pages of a plain form post", () => {
  it("nginx's 413, 429 and 503 pages are the mailer's page with the text of nginx's JSON answer", () => {
    const pages = nginxPages();
    expect([...pages.keys()].sort()).toEqual([413, 429, 503]);
    for (const [status, page] of pages) {
      expect(page, `${status}`).toBe(php(status, nginxJsonError(status)));
      expect(page).toContain("przyciskiem „Wstecz”");
    }
  });

  it("every refusal page is valid HTML (Nu Html Checker), the field list and the 405 page included", () => {
    const dir = mkdtempSync(join(tmpdir(), "refusal-pages-"));
    try {
      const files = [
        ...[...nginxPages()].map(([status, page]) => [`nginx-${status}.html`, page] as const),
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
