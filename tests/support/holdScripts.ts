import type { Page } from "@playwright/test";

export type ScriptHold = {
  /** Each script comes at least this late (from its request). */
  ms?: number;
  /** … and not before this has settled. */
  until?: Promise<unknown>;
  /** Scripts whose address matches come at once. */
  except?: RegExp;
};

/**
 * The site's module scripts held back as on a slow network, the page itself painting at once. Given neither `ms`
 * nor `until`, they wait for the function returned. The page's load event waits for the scripts its loader has
 * added by then: a test waits for the parsed document instead.
 */
export async function holdScripts(page: Page, { ms, until, except }: ScriptHold = {}): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold =
    ms === undefined && until === undefined
      ? () => released
      : () => Promise.all([new Promise((resolve) => setTimeout(resolve, ms ?? 0)), until]);
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (!except?.test(route.request().url())) await hold();
    await route.continue();
  });
  return release;
}
