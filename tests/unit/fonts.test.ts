import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";

/** Fresh module state (whether the fonts have loaded) for each test. */
const load = async () => {
  vi.resetModules();
  return import("../../frontend/app/site/fonts");
};

const html = document.documentElement;

/** Runs the inline head script as the browser would, after the given navigation from the given referrer. */
async function enter({ type, referrer }: { type: string; referrer: string }) {
  const { FONTS_ON_ENTRY, FONTS_LATER_CLASS } = await load();
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as unknown as PerformanceEntry]);
  new Function(FONTS_ON_ENTRY)();
  return html.classList.contains(FONTS_LATER_CLASS);
}

describe("the page a visitor enters by (FONTS_ON_ENTRY)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    html.className = "";
  });

  it.each([
    ["a link from a search engine", "navigate", "https://www.google.com/"],
    ["an address typed or a bookmark", "navigate", ""],
    ["a link from another site", "navigate", "https://www.facebook.com/aurea"],
  ])("%s is an entry page: the fallback faces, no font file before the first paint", async (_, type, referrer) => {
    expect(await enter({ type, referrer })).toBe(true);
  });

  it.each([
    ["a full load from one of the site's pages", "navigate", `${location.origin}/cennik`],
    ["a reload", "reload", ""],
    ["back or forward", "back_forward", "https://www.google.com/"],
  ])("%s is not: the web fonts, which the page before fetched", async (_, type, referrer) => {
    expect(await enter({ type, referrer })).toBe(false);
  });
});

describe("after the entry page", () => {
  let fontsLoad: Mock<(face: string, text?: string) => Promise<unknown[]>>;

  beforeEach(() => {
    fontsLoad = vi.fn(() => Promise.resolve([{}]));
    Object.defineProperty(document, "fonts", { value: { load: fontsLoad }, configurable: true });
  });
  afterEach(() => {
    html.className = "";
    document.body.innerHTML = "";
  });

  it("fetches both font files once hydrated, and the next page's content is set in them", async () => {
    const { FONTS_LATER_CLASS, FONTS_IN_CONTENT_CLASS, fetchFontsAfterEntry, showContentInWebFonts } = await load();
    html.classList.add(FONTS_LATER_CLASS);
    fetchFontsAfterEntry();
    await vi.waitFor(() =>
      expect(fontsLoad.mock.calls.map((c) => c[0])).toEqual(['600 1em "Cormorant Garamond"', '400 1em "Jost"']),
    );
    // Loading does not change the page the visitor is on.
    await new Promise((resolve) => setTimeout(resolve));
    expect(html.className).toBe(FONTS_LATER_CLASS);
    showContentInWebFonts();
    expect(html.classList.contains(FONTS_IN_CONTENT_CLASS)).toBe(true);
  });

  it("asks for the faces of the page's own text: a Ukrainian page's Cyrillic too (unicode-range)", async () => {
    document.body.innerHTML = "<header>Меню</header><main><h1>Ціни</h1><p>від 250 zł</p></main>";
    const { FONTS_LATER_CLASS, fetchFontsAfterEntry } = await load();
    html.classList.add(FONTS_LATER_CLASS);
    fetchFontsAfterEntry();
    await vi.waitFor(() => expect(fontsLoad).toHaveBeenCalledTimes(2));
    expect(fontsLoad.mock.calls.map((c) => c[1])).toEqual(["Цінивід 250 zł", "Цінивід 250 zł"]);
  });

  it("keeps the fallback faces on the next page while a font has not arrived", async () => {
    fontsLoad.mockImplementation(() => new Promise(() => {}));
    const { FONTS_LATER_CLASS, FONTS_IN_CONTENT_CLASS, fetchFontsAfterEntry, showContentInWebFonts } = await load();
    html.classList.add(FONTS_LATER_CLASS);
    fetchFontsAfterEntry();
    await vi.waitFor(() => expect(fontsLoad).toHaveBeenCalledTimes(2));
    showContentInWebFonts();
    expect(html.classList.contains(FONTS_IN_CONTENT_CLASS)).toBe(false);
  });

  it("keeps the fallback faces when a font could not be had (no face loaded)", async () => {
    fontsLoad.mockResolvedValueOnce([]);
    const { FONTS_LATER_CLASS, FONTS_IN_CONTENT_CLASS, fetchFontsAfterEntry, showContentInWebFonts } = await load();
    html.classList.add(FONTS_LATER_CLASS);
    fetchFontsAfterEntry();
    await vi.waitFor(() => expect(fontsLoad).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve));
    showContentInWebFonts();
    expect(html.classList.contains(FONTS_IN_CONTENT_CLASS)).toBe(false);
  });

  it("fetches nothing before the page and its photos have loaded and been painted", async () => {
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    const { FONTS_LATER_CLASS, fetchFontsAfterEntry } = await load();
    html.classList.add(FONTS_LATER_CLASS);
    fetchFontsAfterEntry();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fontsLoad).not.toHaveBeenCalled();
    readyState.mockRestore();
    window.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(fontsLoad).toHaveBeenCalledTimes(2));
  });

  it("fetches nothing on a page set in the web fonts from the start", async () => {
    const { fetchFontsAfterEntry } = await load();
    fetchFontsAfterEntry();
    expect(fontsLoad).not.toHaveBeenCalled();
  });
});
