import type { Words } from "../pl";
import { formatPrice } from "../../../contentModel/pricing";

export const pages: Words["pages"] = {
  price: (amount) => formatPrice(`${amount} zł`, "uk"),
  consultation: {
    label: (cost) =>
      cost.free ? "Записатися на безкоштовну консультацію" : `Записатися на консультацію (${cost.price})`,
    sentence: (cost) => (cost.free ? "Консультація безкоштовна." : `Консультація коштує ${cost.price}.`),
  },
  home: {
    heading: (salon) => `${salon} — косметологія і перманентний макіяж у Лодзі`,
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
    slide: (number) => `Слайд ${number}`,
    resume: "Відновити автоматичну зміну слайдів",
    pause: "Зупинити автоматичну зміну слайдів",
  },
  slide: {
    role: "слайд",
    position: (number, count) => `${number} з ${count}`,
  },
  carousel: {
    role: "карусель",
    previous: "Попереднє фото",
    next: "Наступне фото",
    photo: (number) => `Фото ${number}`,
    status: (number, count) => `Фото ${number} з ${count}`,
  },
  gallery: {
    enlarge: (alt) => `Збільшити фото: ${alt}`,
    close: "Закрити збільшене фото",
  },
  reviews: {
    rating: (stars) => `Оцінка: ${stars} з 5 зірок`,
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
  offer: {
    lowestPrice: "Найнижча ціна за 30 днів до знижки",
    promotionLasts: (period) => `Акція діє ${period}`,
    offerLasts: (period) => `Пропозиція діє ${period}`,
    promotion: "Акція",
    firstVisit: "Для початку",
  },
  article: {
    author: (name) => `Авторка: ${name}`,
    more: "Читати далі",
  },
  family: {
    more: "Детальніше про процедуру",
    list: (title) => `${title}: список процедур`,
  },
  treatment: {
    onThisPage: "На цій сторінці",
    prices: "Ціни",
    fullPriceList: "Усі ціни салону",
    footnote: (number) => `примітка ${number}`,
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
    upTo: (most) => `до −${most}%`,
    saving: (percent) => `Дешевше на ${percent}% від найнижчої ціни за 30 днів до знижки`,
    savingRange: (least, most) =>
      `Дешевше на ${least}–${most}% від найнижчої ціни за 30 днів до знижки, залежно від зони`,
    promotionDetails: "Деталі акції",
    offerDetails: "Деталі пропозиції",
    referralLasts: (period) => `Програма діє ${period}`,
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
