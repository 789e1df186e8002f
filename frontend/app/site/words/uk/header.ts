import type { Words } from "../pl";

export const header: Words["header"] = {
  social: "Соціальні мережі",
  mainMenu: "Головне меню",
  menu: "Меню",
  close: "Закрити",
  book: "Записатися онлайн",
  logoHome: "– головна сторінка",
};
