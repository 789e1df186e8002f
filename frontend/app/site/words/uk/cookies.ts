import type { Words } from "../pl";

export const cookies: Words["cookies"] = {
  title: "Файли cookie",
  text: "За вашою згодою на сторінці контактів ми завантажимо карту проїзду з Google Maps, і тоді Google збереже свої файли cookie. Без згоди ви побачите звичайне зображення карти.",
  detailsBefore: "Докладніше — у ",
  privacyPolicy: "політиці конфіденційності",
  detailsAfter: ".",
  decline: "Відмовляюся",
  accept: "Погоджуюся",
  mapTitle: (address) => `Карта проїзду: ${address}`,
  mapImage: (address) => `Карта околиць салону – ${address}`,
  showMap: "Показати інтерактивну карту",
  showMapNote: "Google отримає вашу IP-адресу та збереже файли cookie",
  openMap: "Відкрити в Google Maps",
  mapNote: "Інтерактивна карта Google завантажується лише на ваше бажання або після вашої згоди на файли cookie.",
};
