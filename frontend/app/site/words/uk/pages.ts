import { dateWords } from "../../../contentModel/dates";
import type { PageWords } from "../pl/pages";
import { form } from "./form";

export const pages: PageWords = {
  form,
  consultation: {
    bookFree: "Записатися на безкоштовну консультацію",
    book: "Записатися на консультацію ({price})",
    free: "Консультація безкоштовна.",
    costs: "Консультація коштує {price}.",
  },
  home: {
    heading: "{salon} — косметологія і перманентний макіяж у Лодзі",
    needs: "Підібрати процедуру під свої потреби",
    seeTreatments: "Переглянути процедури",
    allArticles: "Усі статті блогу",
    articlesInPolish: "Статті нашого блогу написані польською мовою.",
  },
  hero: {
    label: "Найважливіше",
    carousel: "карусель",
    contact: "Контакти",
    booking: "онлайн-запис",
    previous: "Попередній слайд",
    next: "Наступний слайд",
    slide: "Слайд {number}",
    resume: "Відновити автоматичну зміну слайдів",
    pause: "Зупинити автоматичну зміну слайдів",
  },
  slide: {
    role: "слайд",
    position: "{number} з {count}",
  },
  carousel: {
    role: "карусель",
    previous: "Попереднє фото",
    next: "Наступне фото",
    photo: "Фото {number}",
    status: "Фото {number} з {count}",
  },
  gallery: {
    enlarge: "Збільшити фото: {alt}",
    close: "Закрити збільшене фото",
  },
  reviews: {
    rating: "Оцінка: {stars} з 5 зірок",
    fromGoogle: "відгук із Google",
    more: "Більше відгуків наших клієнток:",
    google: "Відгуки в Google",
    facebook: "Відгуки у Facebook",
  },
  priceList: {
    promotion: "Акція",
    discount: "Знижка",
    series: "Курс",
    noPrice: "ціну не вказано",
    device: "Пристрій",
  },
  dates: dateWords.uk,
  offer: {
    lowestPrice: "Найнижча ціна за 30 днів до знижки",
    promotionLasts: "Акція діє {period}",
    offerLasts: "Пропозиція діє {period}",
    promotion: "Акція",
    firstVisit: "Для початку",
  },
  article: {
    author: "Авторка: {name}",
    more: "Читати далі",
  },
  family: {
    more: "Детальніше про процедуру",
    list: "{title}: список процедур",
  },
  treatment: {
    onThisPage: "На цій сторінці",
    prices: "Ціни",
    fullPriceList: "Усі ціни салону",
    footnote: "примітка {number}",
    footnotes: "Примітки",
  },
  pricing: {
    categories: "Категорії цін",
    goTo: "Перейти до категорії",
    legendStart: "Ціни в польських злотих (zł). Ми виділяємо ",
    legendMark: "акції",
    legendEnd:
      " (із терміном дії та найнижчою ціною за 30 днів до їх початку), знижки й ціни курсів процедур. Риска (—) означає, що ціну ми називаємо на консультації.",
    ctaTitle: "Не знаєте, з чого почати?",
    ctaText:
      "На консультації ми оцінимо стан шкіри й одразу скажемо, скільки процедур має сенс і скільки коштуватиме весь курс.",
    seePromotions: "Переглянути акції",
  },
  promotions: {
    regularPrice: "Звичайна ціна: ",
    promotionalPrice: "Акційна ціна: ",
    upTo: "до −{most}%",
    saving: "Дешевше на {percent}% від найнижчої ціни за 30 днів до знижки",
    savingRange: "Дешевше на {least}–{most}% від найнижчої ціни за 30 днів до знижки, залежно від зони",
    promotionDetails: "Деталі акції",
    offerDetails: "Деталі пропозиції",
    referralLasts: "Програма діє {period}",
    ctaTitle: "Хочете скористатися акцією?",
    ctaText:
      "Зателефонуйте або напишіть — ми підберемо зручний час, а на консультації перевіримо, чи підходить вам ця процедура.",
    book: "Записатися на процедуру",
  },
  contact: {
    details: "Контактні дані",
    write: "Напишіть нам",
  },
  confirmation: {
    home: "На головну",
    call: "Зателефонувати",
  },
};
