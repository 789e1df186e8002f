/**
 * Every language's frame words, for what a loader writes in a page's data in the page's language (its structured
 * data's breadcrumbs): in the browser, a page's scripts hold only their own language's (routes/language.*.tsx).
 */
import type { PageLanguage } from "../../contentModel/languages";
import { en } from "./en";
import { pl, type Words } from "./pl";
import { uk } from "./uk";

export const frameWords: Record<PageLanguage, Words> = { pl, uk, en };
