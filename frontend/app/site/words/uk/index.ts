import type { Words } from "../pl";
import { cookies } from "./cookies";
import { footer } from "./footer";
import { form } from "./form";
import { header } from "./header";
import { pages } from "./pages";
import { shell } from "./shell";

export const uk: Words = { shell, header, footer, cookies, form, pages };
