import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_SUBMIT_GUARD, HYDRATED_ATTRIBUTE, HYDRATED_EVENT, SUBMIT_HANDLED, markHydrated } from "./hydration";

describe("the early-submit guard", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    // Retire this test's guard (a page has exactly one): its held form is gone, so nothing is submitted.
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  });

  function page() {
    // The inline script as the browser runs it: before the page is hydrated.
    new Function(EARLY_SUBMIT_GUARD)();
    document.body.innerHTML = '<form><input name="name" value="Anna"><button type="submit">Wyślij</button></form>';
    return document.querySelector("form")!;
  }

  it("holds a submit made before hydration, so the browser does not send the form itself", () => {
    const form = page();
    const event = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it("makes the held submit again once the page has hydrated, and lets later submits through", () => {
    const form = page();
    const requestSubmit = vi.spyOn(form, "requestSubmit").mockImplementation(() => undefined);
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(requestSubmit).not.toHaveBeenCalled();
    markHydrated();
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    const later = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("submits nothing on hydration when nothing was held", () => {
    const form = page();
    const requestSubmit = vi.spyOn(form, "requestSubmit").mockImplementation(() => undefined);
    markHydrated();
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it("does not submit again what a handler already sent: a form hydrated and submitted while the page hydrates", () => {
    const form = page();
    const requestSubmit = vi.spyOn(form, "requestSubmit").mockImplementation(() => undefined);
    // React hydrates the form on the spot and its handler sends the very event the guard holds.
    form.addEventListener("submit", (event) => ((event as unknown as Record<string, unknown>)[SUBMIT_HANDLED] = true));
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    markHydrated();
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it("finds a form that hydration replaced by its id, gives it the held values and submits that one", () => {
    new Function(EARLY_SUBMIT_GUARD)();
    document.body.innerHTML = '<form id="formularz"><input name="name"><textarea name="message"></textarea></form>';
    const early = document.querySelector("form")!;
    (early.elements.namedItem("name") as HTMLInputElement).value = "Anna";
    (early.elements.namedItem("message") as HTMLTextAreaElement).value = "Dzień dobry";
    early.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    // A re-render replaces the form with an empty one.
    document.body.innerHTML = '<form id="formularz"><input name="name"><textarea name="message"></textarea></form>';
    const now = document.querySelector("form")!;
    const requestSubmit = vi.spyOn(now, "requestSubmit").mockImplementation(() => undefined);
    markHydrated();
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    expect((now.elements.namedItem("name") as HTMLInputElement).value).toBe("Anna");
    expect((now.elements.namedItem("message") as HTMLTextAreaElement).value).toBe("Dzień dobry");
  });
});
