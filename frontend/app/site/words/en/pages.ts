import { dateWords } from "../../../contentModel/dates";
import type { PageWords } from "../pl/pages";
import { form } from "./form";

export const pages: PageWords = {
  form,
  consultation: {
    bookFree: "Book a free consultation",
    book: "Book a consultation ({price})",
    free: "The consultation is free.",
    costs: "The consultation costs {price}.",
  },
  home: {
    heading: "{salon} – cosmetology and permanent make-up in Łódź",
    needs: "Find the right treatment for your needs",
    seeTreatments: "See the treatments",
    allArticles: "All blog articles",
    articlesInPolish: "Our blog articles are written in Polish.",
  },
  hero: {
    label: "Highlights",
    carousel: "carousel",
    contact: "Contact",
    booking: "online booking",
    previous: "Previous slide",
    next: "Next slide",
    slide: "Slide {number}",
    resume: "Resume the slideshow",
    pause: "Pause the slideshow",
  },
  slide: {
    role: "slide",
    position: "{number} of {count}",
  },
  carousel: {
    role: "carousel",
    previous: "Previous photo",
    next: "Next photo",
    photo: "Photo {number}",
    status: "Photo {number} of {count}",
  },
  gallery: {
    enlarge: "Enlarge photo: {alt}",
    close: "Close the enlarged photo",
  },
  reviews: {
    rating: "Rated {stars} out of 5 stars",
    fromGoogle: "Google review",
    more: "More reviews from our clients:",
    google: "Reviews on Google",
    facebook: "Reviews on Facebook",
  },
  priceList: {
    promotion: "Special offer",
    discount: "Discount",
    series: "Course",
    noPrice: "no price given",
    device: "Device",
  },
  dates: dateWords.en,
  offer: {
    lowestPrice: "Lowest price in the 30 days before the reduction",
    promotionLasts: "Special offer runs {period}",
    offerLasts: "Offer runs {period}",
    promotion: "Special offer",
    firstVisit: "To start with",
  },
  article: {
    author: "Author: {name}",
    more: "Read more",
  },
  family: {
    more: "More about the treatment",
    list: "{title}: list of treatments",
  },
  treatment: {
    onThisPage: "On this page",
    prices: "Prices",
    fullPriceList: "The salon's full price list",
    footnote: "footnote {number}",
    footnotes: "Footnotes",
  },
  pricing: {
    categories: "Price list categories",
    goTo: "Go to a category",
    legendStart: "Prices in Polish złoty (PLN). We highlight ",
    legendMark: "special offers",
    legendEnd:
      " (with how long they run and the lowest price in the 30 days before they started), discounts and prices for courses of treatments. A dash (—) means we give the price at the consultation.",
    ctaTitle: "Not sure where to start?",
    ctaText:
      "At the consultation we will assess your skin and tell you straight away how many treatments make sense and what the whole course will cost.",
    seePromotions: "See the special offers",
  },
  promotions: {
    regularPrice: "Regular price: ",
    promotionalPrice: "Offer price: ",
    upTo: "up to −{most}%",
    saving: "{percent}% less than the lowest price in the 30 days before the reduction",
    savingRange:
      "{least}–{most}% less than the lowest price in the 30 days before the reduction, depending on the area",
    promotionDetails: "Special offer details",
    offerDetails: "Offer details",
    referralLasts: "The programme runs {period}",
    ctaTitle: "Would you like to take up an offer?",
    ctaText:
      "Call or write to us – we will find a time that suits you, and at the consultation we will check that the treatment is right for you.",
    book: "Book a treatment",
  },
  contact: {
    details: "Contact details",
    write: "Write to us",
  },
  confirmation: {
    home: "Home page",
    call: "Call us",
  },
};
