/**
 * The words of the site's frame (header, footer, cookie banner, the error pages) in Polish, by area. Each
 * translation (uk/, en/) gives the same keys, the type says so; a page loads only its language's words
 * (routes/language.*.tsx), and components read them with hooks/useWords.ts. The templates' words travel with the
 * page's data instead (pages.ts); the pages' own text is content/.
 */
import { cookies } from "./cookies";
import { footer } from "./footer";
import { header } from "./header";
import { routes } from "./routes";
import { shell } from "./shell";

export const pl = { shell, header, footer, cookies, routes };
export type Words = typeof pl;
