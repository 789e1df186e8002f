/** The header words in Polish (top bar, menu, logo); uk/header.ts and en/header.ts give the same keys. */
export const header = {
  social: "Media społecznościowe",
  mainMenu: "Menu główne",
  /** The mobile menu's toggle: the one button (or, before hydration, two links) says what a tap does. */
  menu: "Menu",
  close: "Zamknij",
  book: "Zarezerwuj online",
  /** After the logo's visible name, where it leads. */
  logoHome: "– strona główna",
};
