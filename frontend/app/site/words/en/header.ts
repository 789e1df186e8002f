import type { Words } from "../pl";

export const header: Words["header"] = {
  social: "Social media",
  mainMenu: "Main menu",
  menu: "Menu",
  close: "Close",
  book: "Book online",
  logoHome: "– home page",
};
