import type { Words } from "../pl";

export const footer: Words["footer"] = {
  about: "Косметологія, сучасні процедури для обличчя й тіла та перманентний макіяж у Лодзі.",
  contact: "Контакти",
  hours: "Години роботи",
  information: "Інформація",
  cookieSettings: "Налаштування cookie",
  registryCourt: "реєстровий суд",
  shareCapital: "статутний капітал",
  // Written as in Polish: the site writes amounts in złoty the same way in Ukrainian ("150 zł").
  amount: (polishAmount) => polishAmount,
  rights: "Усі права захищено.",
  phone: "Телефон",
  email: "E-mail",
  address: "Адреса",
  bookingQuestion: "Бажаєте записатися самостійно?",
  bookingLink: "Записатися онлайн у Booksy",
};
