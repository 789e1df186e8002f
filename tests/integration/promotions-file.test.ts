// @vitest-environment node
/**
 * /health watches the periods of the promotions the pages announce, read by the mailer from the file the site is
 * built from (mailer/src/PromotionPeriods.php): two folders above mailer/src/, in the checkout (the native stack) and
 * in the php image alike, so there is no second copy of the periods to keep in step.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

it("the mailer reads content/promotions.json of the checkout, and the php image puts it where the mailer looks", () => {
  const file = execFileSync(
    "php",
    [
      "-r",
      `require ${JSON.stringify(resolve(root, "mailer/src/PromotionPeriods.php"))}; echo realpath(Salon\\Mailer\\PromotionPeriods::FILE);`,
    ],
    { encoding: "utf8" },
  );
  expect(file).toBe(realpathSync(resolve(root, "content/promotions.json")));
  const dockerfile = readFileSync(resolve(root, "docker/php/Dockerfile"), "utf8");
  expect(dockerfile).toMatch(/^WORKDIR \/srv\/mailer$/m);
  expect(dockerfile).toMatch(/^COPY mailer\/src \.\/src$/m);
  expect(dockerfile).toMatch(/^COPY content\/promotions\.json \/srv\/content\/promotions\.json$/m);
  // Docker sends content/ to the builder.
  expect(readFileSync(resolve(root, ".dockerignore"), "utf8")).toMatch(/^!content$/m);
});
