import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_SUBMIT_GUARD, HYDRATED_ATTRIBUTE, HYDRATED_EVENT, markHydrated } from "./hydration";

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
});
