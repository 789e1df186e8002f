/**
 * The words of the site's own interface (header, footer, cookie banner, form, the templates' fixed texts) in Polish,
 * by area. Each translation (uk/, en/) gives the same keys, the type says so; a page loads only its language's words
 * (routes/language.*.tsx), and components read them with hooks/useWords.ts. The pages' own text is content/.
 */
import { cookies } from "./cookies";
import { footer } from "./footer";
import { form } from "./form";
import { header } from "./header";
import { pages } from "./pages";
import { shell } from "./shell";

export const pl = { shell, header, footer, cookies, form, pages };
export type Words = typeof pl;
