import type { Words } from "../pl";
import { cookies } from "./cookies";
import { footer } from "./footer";
import { header } from "./header";
import { routes } from "./routes";
import { shell } from "./shell";

export const en: Words = { shell, header, footer, cookies, routes };
